import { useEffect, useState } from 'react';

/**
 * A `blob:` URL of `blob` (a chosen file's preview), revoked when the blob changes or the component
 * goes. The URL is given only with the blob it was made for: the render that brings a new blob gets
 * null, never the previous URL, which is revoked once that render is on screen (an element shown
 * again with it loaded a revoked URL: net::ERR_FILE_NOT_FOUND).
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return made && made.blob === blob ? made.url : null;
}
