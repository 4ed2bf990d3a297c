import { Image, ScrollArea, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Format } from './formats';

const TEXT_FORMATS: readonly Format[] = ['txt', 'md', 'csv', 'json'];
const LIMIT = 5000;

/** A cheap look at the result: the start of a text file, the HTML sanitised in a sandbox, an image. */
export function Preview({
  bytes,
  format,
  url,
  filename,
}: {
  bytes: Uint8Array;
  format: Format;
  url: string;
  filename: string;
}) {
  const [html, setHtml] = useState<string>();

  useEffect(() => {
    if (format !== 'html') return;
    let live = true;
    // DOMPurify loads only when an HTML result is shown; the frame is sandboxed besides (no scripts).
    void import('dompurify').then(({ default: purify }) => {
      if (live)
        setHtml(
          purify.sanitize(new TextDecoder().decode(bytes.subarray(0, 200_000)), { WHOLE_DOCUMENT: true }),
        );
    });
    return () => {
      live = false;
    };
  }, [bytes, format]);

  if (TEXT_FORMATS.includes(format)) {
    const text = new TextDecoder().decode(bytes.subarray(0, LIMIT * 4)).slice(0, LIMIT);
    return (
      <ScrollArea.Autosize mah={300} type="auto" data-testid="converted-preview">
        <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {text}
          {bytes.length > LIMIT ? '\n…' : ''}
        </Text>
      </ScrollArea.Autosize>
    );
  }
  if (format === 'html' && html !== undefined) {
    return (
      <iframe
        title={`Preview of ${filename}`}
        sandbox=""
        srcDoc={html}
        style={{
          width: '100%',
          height: 300,
          border: '1px solid var(--mantine-color-default-border)',
          background: '#fff',
        }}
        data-testid="converted-preview"
      />
    );
  }
  if (format === 'png' || format === 'jpeg' || format === 'webp') {
    return (
      <Image
        src={url}
        alt={`Preview of ${filename}`}
        mah={300}
        fit="contain"
        w="auto"
        data-testid="converted-preview"
      />
    );
  }
  return null;
}
