import type { ExportColumn } from '../_shared/lists/export/types';
import type { Post } from './types';

/** The exported columns of posts (spec 9), and the files' names. */
export const POST_EXPORT: {
  filename: string;
  sheetName: string;
  title: string;
  columns: readonly ExportColumn<Post>[];
} = {
  filename: 'posts',
  sheetName: 'Sheet1',
  title: 'Blog Posts',
  columns: [
    { header: 'ID', value: (post) => post.id },
    { header: 'Title', value: (post) => post.title },
    { header: 'Subtitle', value: (post) => post.subtitle },
    { header: 'Description', value: (post) => post.description },
    { header: 'Status', value: (post) => post.status },
  ],
};
