import { describe, expect, it } from 'vitest';
import { progressLabel } from './progress';

describe('progressLabel', () => {
  it('reads, builds, then writes', () => {
    expect(progressLabel({ kind: 'csv', phase: 'fetch', done: 0, total: 0 }, 'posts')).toBe(
      'Reading posts: 0 of …',
    );
    expect(progressLabel({ kind: 'xlsx', phase: 'fetch', done: 1000, total: 2500 }, 'profiles')).toBe(
      'Reading profiles: 1,000 of 2,500',
    );
    expect(progressLabel({ kind: 'xlsx', phase: 'build', done: 1000, total: 2500 }, 'posts')).toBe(
      'Building the Excel file: 1,000 of 2,500 rows',
    );
    expect(progressLabel({ kind: 'xlsx', phase: 'build', done: 2500, total: 2500 }, 'posts')).toBe(
      'Writing the Excel file…',
    );
  });
});
