import { marked } from 'marked';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { parseHtml } from './html-model';

/** Markdown (GitHub flavoured: tables, strikethrough) as HTML. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

/** HTML as Markdown; tables kept by the GFM plugin. The HTML is parsed without a browser DOM. */
export function htmlToMarkdown(html: string): string {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  service.use(gfm);
  service.remove(['script', 'style', 'title', 'head' as keyof HTMLElementTagNameMap]);
  const document = parseHtml(html);
  // A Markdown table needs a header row: a table without one (Word's) gets its first row as header.
  // A Markdown table cell is one line: paragraphs in a cell (Word puts each in one) become spaces.
  for (const paragraph of Array.from(document.querySelectorAll('td > p, th > p'))) {
    const parent = paragraph.parentNode;
    if (!parent) continue;
    if (paragraph.previousSibling) parent.insertBefore(document.createTextNode(' '), paragraph);
    while (paragraph.firstChild) parent.insertBefore(paragraph.firstChild, paragraph);
    parent.removeChild(paragraph);
  }
  for (const table of Array.from(document.querySelectorAll('table'))) {
    const first = table.querySelector('tr');
    if (!first || table.querySelector('th') || table.querySelector('thead')) continue;
    for (const cell of Array.from(first.children)) {
      const header = document.createElement('th');
      while (cell.firstChild) header.appendChild(cell.firstChild);
      first.replaceChild(header, cell);
    }
  }
  const markdown = service.turndown(document.body as unknown as HTMLElement);
  return markdown === '' ? '' : `${markdown}\n`;
}
