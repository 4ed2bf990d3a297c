// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, type PageHead, PageHeadNotes, usePageHead } from './page-head';

afterEach(cleanup);

function Named(head: PageHead) {
  usePageHead(head);
  return null;
}

describe('usePageHead', () => {
  it("names the document after what the view shows, with the site's name", () => {
    const { rerender } = render(<Named title="Post" />);
    expect(document.title).toBe('Post · Toolbox');
    rerender(<Named title="Hello" description="A first post." />);
    expect(document.title).toBe('Hello · Toolbox');
  });

  it('tells a server render each head it renders, the last one last', () => {
    const told: PageHead[] = [];
    const { rerender } = render(
      <PageHeadNotes value={(head) => told.push(head)}>
        <Named title="Post" />
      </PageHeadNotes>,
    );
    rerender(
      <PageHeadNotes value={(head) => told.push(head)}>
        <Named title="Hello" description="A first post." />
      </PageHeadNotes>,
    );
    expect(told.at(0)).toEqual({ title: 'Post' });
    expect(told.at(-1)).toEqual({ title: 'Hello', description: 'A first post.' });
  });

  it('puts the site name after a title as it is', () => {
    expect(documentTitle('Fish & "chips"')).toBe('Fish & "chips" · Toolbox');
  });
});
