import { escapeHtml } from '@toolbox/sdk';
import type { Cell } from './types';

export interface PrintDocument {
  /**
   * The document's title. Browsers offer it as the file name of "Save as PDF", so a title of
   * `posts` saves as posts.pdf.
   */
  title: string;
  /** The heading above the table (default: the title). */
  heading?: string;
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/**
 * A self-contained printable document: a heading and a plain table of the rows. Every cell is
 * escaped, so a name such as `<img onerror=…>` prints as text and runs nothing. No scripts.
 */
export function buildPrintHtml({ title, heading = title, header, rows }: PrintDocument): string {
  const head = header.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(String(cell))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 24px; color: #000; }
  h1 { font-size: 18px; }
  table { border-collapse: collapse; width: 100%; font-size: 11px; }
  th, td { border: 1px solid #999; padding: 4px 6px; text-align: left; vertical-align: top; }
  th { background: #eee; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
</style>
</head>
<body>
<h1>${escapeHtml(heading)}</h1>
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}
