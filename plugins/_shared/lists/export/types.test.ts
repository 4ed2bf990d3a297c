import { describe, expect, it } from 'vitest';
import { type ExportColumn, fileNameOf, headerOf, rowsOf } from './types';

interface Profile {
  id: number;
  full_name: string;
  user: { username: string } | null;
}

const COLUMNS: readonly ExportColumn<Profile>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Full Name', value: (p) => p.full_name },
  { header: 'Username', value: (p) => p.user?.username },
];

describe('columns', () => {
  it('give the header row and one row of cells per record, blanks for missing values', () => {
    expect(headerOf(COLUMNS)).toEqual(['ID', 'Full Name', 'Username']);
    expect(
      rowsOf(COLUMNS, [
        { id: 3, full_name: 'Ann Lee', user: { username: 'ann' } },
        { id: 4, full_name: 'No Account', user: null },
      ]),
    ).toEqual([
      [3, 'Ann Lee', 'ann'],
      [4, 'No Account', ''],
    ]);
  });

  it('name the files after the base name', () => {
    expect(['csv', 'xlsx', 'pdf'].map((kind) => fileNameOf('posts', kind as 'csv'))).toEqual([
      'posts.csv',
      'posts.xlsx',
      'posts.pdf',
    ]);
  });
});
