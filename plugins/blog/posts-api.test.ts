import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { headerOf, rowsOf } from '../_shared/lists/export/types';
import { POST_EXPORT } from './export-columns';
import { applyLike, applyShare, patchPost, postKeys } from './posts-api';
import type { Page, Post } from './types';

const post = (id: number, changes: Partial<Post> = {}): Post => ({
  id,
  title: `Post ${id}`,
  subtitle: '',
  description: 'About',
  full_content: '',
  image: null,
  image_width: null,
  image_height: null,
  status: 'Published',
  author_name: 'Admin',
  number_of_likes: 2,
  number_of_shares: 1,
  number_of_comments: 0,
  user_has_liked: false,
  ...changes,
});

describe('applyLike (spec 4)', () => {
  it('takes the server count and marks the post liked or not', () => {
    expect(applyLike(post(1), { status: 'liked', number_of_likes: 7 })).toMatchObject({
      number_of_likes: 7,
      user_has_liked: true,
    });
    expect(
      applyLike(post(1, { user_has_liked: true }), { status: 'unliked', number_of_likes: 6 }),
    ).toMatchObject({
      number_of_likes: 6,
      user_has_liked: false,
    });
  });

  it('without a count: +1 for liked, −1 for anything else, never below 0', () => {
    expect(applyLike(post(1), { status: 'liked' }).number_of_likes).toBe(3);
    expect(applyLike(post(1), { status: 'unliked' }).number_of_likes).toBe(1);
    expect(applyLike(post(1, { number_of_likes: 0 }), { status: 'other' }).number_of_likes).toBe(0);
  });
});

describe('applyShare', () => {
  it('takes the server count, else adds one', () => {
    expect(applyShare(post(1), { status: 'shared', number_of_shares: 9 }).number_of_shares).toBe(9);
    expect(applyShare(post(1), { status: 'shared' }).number_of_shares).toBe(2);
  });
});

describe('patchPost', () => {
  it('changes the post in every cached list page and in its detail, and nothing else', () => {
    const client = new QueryClient();
    const listKey = postKeys.list({ page: 1, pageSize: 5, search: '', viewer: 1 });
    const otherKey = postKeys.list({ page: 2, pageSize: 5, search: 'x', viewer: 1 });
    client.setQueryData<Page<Post>>(listKey, { count: 2, results: [post(1), post(2)] });
    client.setQueryData<Page<Post>>(otherKey, { count: 1, results: [post(1)] });
    client.setQueryData<Post>(postKeys.detail(1, 1), post(1));
    client.setQueryData<Post>(postKeys.detail(2, 1), post(2));

    patchPost(client, 1, (current) => ({ ...current, number_of_comments: current.number_of_comments + 1 }));

    expect(client.getQueryData<Page<Post>>(listKey)?.results.map((p) => p.number_of_comments)).toEqual([
      1, 0,
    ]);
    expect(client.getQueryData<Page<Post>>(otherKey)?.results[0]?.number_of_comments).toBe(1);
    expect(client.getQueryData<Post>(postKeys.detail(1, 1))?.number_of_comments).toBe(1);
    expect(client.getQueryData<Post>(postKeys.detail(2, 1))?.number_of_comments).toBe(0);
  });
});

describe('the posts export', () => {
  it('has the spec columns and file names', () => {
    expect(POST_EXPORT.filename).toBe('posts');
    expect(headerOf(POST_EXPORT.columns)).toEqual(['ID', 'Title', 'Subtitle', 'Description', 'Status']);
    expect(rowsOf(POST_EXPORT.columns, [post(3, { subtitle: 'S', status: 'Draft' })])).toEqual([
      [3, 'Post 3', 'S', 'About', 'Draft'],
    ]);
  });
});
