import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard, shareUrl } from './share';

describe('shareUrl', () => {
  it('is {origin}/posts/{id}', () => {
    expect(shareUrl('https://toolbox.example', 42)).toBe('https://toolbox.example/posts/42');
    expect(shareUrl('http://127.0.0.1:3000/', 7)).toBe('http://127.0.0.1:3000/posts/7');
  });
});

describe('copyToClipboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes the text and says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyToClipboard('http://x/posts/1')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('http://x/posts/1');
  });

  it('answers false when the browser refuses or has no clipboard', async () => {
    vi.stubGlobal('navigator', {
      clipboard: {
        writeText: async () => {
          throw new DOMException('denied', 'NotAllowedError');
        },
      },
    });
    expect(await copyToClipboard('x')).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await copyToClipboard('x')).toBe(false);
  });
});
