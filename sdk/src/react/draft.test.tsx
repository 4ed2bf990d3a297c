// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepDraft, readDraft, useDraft } from './draft';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeEach(() => sessionStorage.clear());

function Comment({ draftKey }: { draftKey: string }) {
  const [text, setText] = useDraft(draftKey, '');
  return (
    <>
      <textarea aria-label="Comment" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <button type="button" onClick={() => setText('')}>
        Sent
      </button>
    </>
  );
}

describe('drafts', () => {
  it('keeps what is typed for the tab, and a form shown again starts from it', () => {
    render(<Comment draftKey="post:1" />);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Half a sentence' } });
    expect(readDraft('post:1')).toBe('Half a sentence');
    cleanup();

    render(<Comment draftKey="post:1" />);
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Half a sentence');
    // Another key has its own draft.
    cleanup();
    render(<Comment draftKey="post:2" />);
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it('drops the draft when the value is empty again (sent)', () => {
    render(<Comment draftKey="post:3" />);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Soon sent' } });
    act(() => screen.getByText('Sent').click());
    expect(readDraft('post:3')).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps objects, and drops one on request', () => {
    keepDraft('form', { title: 'A', status: '' });
    expect(readDraft('form')).toEqual({ title: 'A', status: '' });
    keepDraft('form', undefined);
    expect(readDraft('form')).toBeUndefined();
  });

  it('works on in the page when storage refuses or holds something unreadable', () => {
    sessionStorage.setItem('toolbox:draft:broken', '{not json');
    expect(readDraft('broken')).toBeUndefined();

    vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    render(<Comment draftKey="post:4" />);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Still shown' } });
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Still shown');
    expect(readDraft('post:4')).toBeUndefined();
  });
});
