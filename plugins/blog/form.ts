import { ApiError } from '@toolbox/sdk';
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import { POST_STATUSES, type Post, type PostStatus } from './types';

export interface PostFormValues {
  title: string;
  subtitle: string;
  description: string;
  full_content: string;
  /** Empty until chosen: a new post starts without a status (spec 4). */
  status: PostStatus | '';
}

export type PostFormField = keyof PostFormValues | 'image';
export type PostFormErrors = Partial<Record<PostFormField, string>>;

const FIELDS: readonly PostFormField[] = [
  'title',
  'subtitle',
  'description',
  'full_content',
  'status',
  'image',
];

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  subtitle: '',
  description: '',
  full_content: '',
  status: '',
};

/** The API's limits (docs/api.md, Posts), so the inputs stop where the server would refuse. */
export const LIMITS = { title: 200, subtitle: 300, description: 2000, full_content: 100_000 } as const;

/** The image types the API accepts (it checks the bytes as well), for the file picker. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The messages the API answers too, so a message reads the same wherever it is found. */
export const MESSAGES = {
  title: FIELD_MESSAGES.required,
  description: FIELD_MESSAGES.required,
  status: FIELD_MESSAGES.required,
  imageType: 'The image must be a PNG, JPEG, WebP or GIF file.',
  imageSize: 'The image is too large (at most 5 MiB).',
} as const;

/** Edit mode starts from the post's values. */
export function formFromPost(post: Post): PostFormValues {
  return {
    title: post.title ?? '',
    subtitle: post.subtitle ?? '',
    description: post.description ?? '',
    full_content: post.full_content ?? '',
    status: (POST_STATUSES as readonly string[]).includes(post.status) ? post.status : '',
  };
}

/** A chosen file that is not an image the API takes, or too large; null when it may be sent. */
export function imageProblem(file: Pick<File, 'type' | 'size'> | null): string | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.imageType;
  if (file.size > MAX_IMAGE_BYTES) return MESSAGES.imageSize;
  return null;
}

/**
 * Spec 5: title, description and status required (after trimming); subtitle and image optional.
 * Empty when the form may be sent.
 */
export function validatePostForm(values: PostFormValues, image: Pick<File, 'type' | 'size'> | null = null) {
  const errors: PostFormErrors = {};
  if (!values.title.trim()) errors.title = MESSAGES.title;
  if (!values.description.trim()) errors.description = MESSAGES.description;
  if (!values.status) errors.status = MESSAGES.status;
  const problem = imageProblem(image);
  if (problem) errors.image = problem;
  return errors;
}

/**
 * The multipart body of POST and PUT (spec 7): the text fields, and the image only when one was
 * chosen (left out, the server keeps the current one).
 */
export function toFormData(values: PostFormValues, image: File | null): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('subtitle', values.subtitle.trim());
  form.append('description', values.description.trim());
  form.append('full_content', values.full_content);
  form.append('status', values.status);
  if (image) form.append('image', image, image.name);
  return form;
}

/**
 * Splits a failed save into messages under the inputs (the API's `{ field: [messages] }`, and the
 * image refusals 413/415 under the image) and the rest.
 */
export function saveErrors(error: unknown): { fields: PostFormErrors; other: string[] } {
  const fields: PostFormErrors = {};
  const other: string[] = [];
  if (!(error instanceof ApiError)) {
    other.push(error instanceof Error ? error.message : String(error));
    return { fields, other };
  }
  if (error.status === 413 || error.status === 415) {
    fields.image = error.message;
    return { fields, other };
  }
  const map = error.fieldErrors;
  for (const [key, messages] of Object.entries(map)) {
    const text = messages.join(' ');
    if ((FIELDS as readonly string[]).includes(key)) fields[key as PostFormField] = text;
    else other.push(text);
  }
  if (Object.keys(map).length === 0) other.push(error.message);
  return { fields, other };
}
