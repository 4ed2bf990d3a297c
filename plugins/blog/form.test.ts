import { ApiError } from '@toolbox/sdk';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_FORM,
  formFromPost,
  MAX_IMAGE_BYTES,
  MESSAGES,
  saveErrors,
  toFormData,
  validatePostForm,
} from './form';
import type { Post } from './types';

const POST: Post = {
  id: 4,
  title: 'Hello',
  subtitle: 'Sub',
  description: 'About',
  full_content: 'Body',
  image: 'http://x/api/media/a.webp',
  image_width: 1200,
  image_height: 800,
  status: 'Published',
  author_name: 'Admin',
  number_of_likes: 0,
  number_of_shares: 0,
  number_of_comments: 0,
  user_has_liked: false,
};

describe('validatePostForm (spec 5)', () => {
  it('requires title, description and status; a new form starts without a status', () => {
    expect(EMPTY_POST_FORM.status).toBe('');
    expect(validatePostForm(EMPTY_POST_FORM)).toEqual({
      title: MESSAGES.title,
      description: MESSAGES.description,
      status: MESSAGES.status,
    });
    expect(validatePostForm({ ...EMPTY_POST_FORM, title: '  ', description: '\n', status: 'Draft' })).toEqual(
      {
        title: 'This field is required.',
        description: 'This field is required.',
      },
    );
  });

  it('leaves subtitle, full content and the image optional', () => {
    expect(
      validatePostForm({ ...EMPTY_POST_FORM, title: 'T', description: 'D', status: 'Published' }),
    ).toEqual({});
  });

  it('takes only PNG, JPEG, WebP or GIF images of at most 5 MiB', () => {
    const ok = { ...EMPTY_POST_FORM, title: 'T', description: 'D', status: 'Draft' as const };
    expect(validatePostForm(ok, { type: 'image/png', size: 100 })).toEqual({});
    expect(validatePostForm(ok, { type: 'application/pdf', size: 100 })).toEqual({
      image: MESSAGES.imageType,
    });
    expect(validatePostForm(ok, { type: 'image/svg+xml', size: 100 })).toEqual({ image: MESSAGES.imageType });
    expect(validatePostForm(ok, { type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      image: MESSAGES.imageSize,
    });
  });
});

describe('formFromPost and toFormData', () => {
  it('starts an edit from the post', () => {
    expect(formFromPost(POST)).toEqual({
      title: 'Hello',
      subtitle: 'Sub',
      description: 'About',
      full_content: 'Body',
      status: 'Published',
    });
  });

  it('sends the fields, trimmed except the full text, and the image only when chosen', () => {
    const values = {
      title: ' T ',
      subtitle: ' S ',
      description: ' D ',
      full_content: '  body\n',
      status: 'Draft' as const,
    };
    const without = toFormData(values, null);
    expect(Object.fromEntries(without.entries())).toEqual({
      title: 'T',
      subtitle: 'S',
      description: 'D',
      full_content: '  body\n',
      status: 'Draft',
    });
    const file = new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' });
    const withImage = toFormData(values, file);
    const sent = withImage.get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('cat.png');
  });
});

describe('saveErrors', () => {
  it('puts the field messages of a 400 under their fields and the rest aside', () => {
    const error = new ApiError(400, {
      title: ['This field is required.'],
      status: ['Status must be Draft or Published.'],
      x: ['Odd.'],
    });
    expect(saveErrors(error)).toEqual({
      fields: { title: 'This field is required.', status: 'Status must be Draft or Published.' },
      other: ['Odd.'],
    });
  });

  it('puts an image refusal (413, 415) under the image', () => {
    expect(
      saveErrors(new ApiError(415, { error: 'The image must be a PNG, JPEG, WebP or GIF file.' })),
    ).toEqual({
      fields: { image: 'The image must be a PNG, JPEG, WebP or GIF file.' },
      other: [],
    });
    expect(saveErrors(new ApiError(413, { error: 'Too large.' })).fields.image).toBe('Too large.');
  });

  it('keeps any other failure as a message', () => {
    expect(saveErrors(new ApiError(403, { error: 'Admins only.' }))).toEqual({
      fields: {},
      other: ['Admins only.'],
    });
    expect(saveErrors(new TypeError('Failed to fetch'))).toEqual({ fields: {}, other: ['Failed to fetch'] });
  });
});
