import { Image, ScrollArea } from '@mantine/core';
import { Text } from '@toolbox/sdk/react';
import { useEffect, useRef } from 'react';

const TEXT_FORMATS: readonly string[] = ['txt', 'md', 'csv', 'json'];
const LIMIT = 5000;
/** The preview's own look: the page's text colour and font flow in, links and tables are drawn here. */
const SHADOW_STYLE =
  'a{color:var(--mantine-color-anchor)}img{max-width:100%;height:auto}' +
  'table{border-collapse:collapse}td,th{border:1px solid var(--mantine-color-default-border);padding:2px 6px}' +
  ':first-child{margin-top:0}';

/** A cheap look at the result: the start of a text file, the HTML sanitised (in a shadow root), an image. */
export function Preview({
  bytes,
  format,
  url,
  filename,
}: {
  bytes: Uint8Array;
  /** A browser format, or an extension the server wrote. */
  format: string;
  url: string;
  filename: string;
}) {
  const host = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = host.current;
    if (format !== 'html' || !element) return;
    let live = true;
    // DOMPurify loads only when an HTML result is shown. The sanitised body goes into a shadow root:
    // its styles and ids stay apart from the page's, and the page's policy blocks scripts besides.
    void import('dompurify').then(({ default: purify }) => {
      if (!live) return;
      const fragment = purify.sanitize(new TextDecoder().decode(bytes.subarray(0, 200_000)), {
        RETURN_DOM_FRAGMENT: true,
        FORBID_TAGS: ['style', 'link', 'form', 'input', 'button', 'select', 'textarea'],
      });
      for (const link of fragment.querySelectorAll('a[href]')) {
        link.setAttribute('target', '_blank');
        link.setAttribute('rel', 'noopener noreferrer');
      }
      const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = SHADOW_STYLE;
      root.replaceChildren(style, fragment);
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
  if (format === 'html') {
    return (
      <section
        ref={host}
        aria-label={`Preview of ${filename}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls is reached with the keyboard
        tabIndex={0}
        style={{
          maxHeight: 300,
          overflow: 'auto',
          padding: 'var(--mantine-spacing-sm)',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
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
