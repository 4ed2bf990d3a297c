// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useObjectUrl } from './object-url';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useObjectUrl', () => {
  it('never gives a URL revoked or made for another blob', () => {
    let made = 0;
    const revoked = new Set<string>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++made}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.add(url));
    const seen: { blob: Blob | null; url: string | null }[] = [];
    function Preview({ blob }: { blob: Blob | null }) {
      seen.push({ blob, url: useObjectUrl(blob) });
      return null;
    }
    const rejected = new Blob(['not an image']);
    const gif = new Blob(['GIF89a']);
    const { rerender, unmount } = render(<Preview blob={rejected} />);
    expect(seen.at(-1)).toEqual({ blob: rejected, url: 'blob:test/1' });

    rerender(<Preview blob={gif} />);
    // The first render with the GIF had no URL yet; the one after it, the GIF's own.
    expect(seen.filter((s) => s.blob === gif).map((s) => s.url)).toEqual([null, 'blob:test/2']);
    expect(revoked).toEqual(new Set(['blob:test/1']));

    rerender(<Preview blob={null} />);
    expect(seen.at(-1)?.url).toBeNull();
    unmount();
    expect(revoked).toEqual(new Set(['blob:test/1', 'blob:test/2']));
  });
});
