import { describe, expect, it } from 'vitest';
import { byline, commentAuthor, commentPageLabel, NO_CONTENT, postBody } from './text';

describe('postBody', () => {
  it('is the full text, else the description, else "No content available."', () => {
    expect(postBody({ full_content: 'All of it.\nTwo lines.', description: 'Short' })).toBe(
      'All of it.\nTwo lines.',
    );
    expect(postBody({ full_content: '', description: 'Short' })).toBe('Short');
    expect(postBody({ full_content: '   \n', description: 'Short' })).toBe('Short');
    expect(postBody({ full_content: '', description: '' })).toBe(NO_CONTENT);
    expect(NO_CONTENT).toBe('No content available.');
  });
});

describe('byline and comment authors', () => {
  it('reads "By {author} • {status}"', () => {
    expect(byline({ author_name: 'Ann Lee', status: 'Draft' })).toBe('By Ann Lee • Draft');
  });

  it('names a comment author, or "User {id}" without a name', () => {
    expect(commentAuthor({ author: 3, author_name: 'Bo' })).toBe('Bo');
    expect(commentAuthor({ author: 3, author_name: '' })).toBe('User 3');
  });

  it('labels the comment pages, at least one', () => {
    expect(commentPageLabel(2, 3)).toBe('Page 2 of 3');
    expect(commentPageLabel(1, 0)).toBe('Page 1 of 1');
  });
});
