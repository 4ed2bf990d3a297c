import domino from '@mixmark-io/domino';
import type { Block, ImageBlock, Run } from './model';

/** A DOM without a browser: the worker has no DOMParser, and Node has none either. */
export function parseHtml(html: string): Document {
  return domino.createDocument(html, true) as unknown as Document;
}

const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'UL',
  'IMG',
  'CENTER',
]);
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'HEAD',
  'TEMPLATE',
  'NOSCRIPT',
  'IFRAME',
  'OBJECT',
  'SVG',
  'TITLE',
  'META',
  'LINK',
]);

interface Style {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  href?: string;
}

function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** An embedded (data URI) PNG or JPEG image; other sources are left out (nothing is fetched). */
function imageBlock(element: Element): ImageBlock | undefined {
  const match = /^data:image\/(png|jpe?g);base64,(.*)$/is.exec(element.getAttribute('src') ?? '');
  if (!match?.[1] || match[2] === undefined) return undefined;
  try {
    const type = match[1].toLowerCase() === 'png' ? 'png' : 'jpeg';
    return {
      kind: 'image',
      bytes: decodeBase64(match[2].replace(/\s+/g, '')),
      type,
      alt: element.getAttribute('alt') ?? '',
    };
  } catch {
    return undefined;
  }
}

function collapse(runs: Run[]): Run[] {
  // Whitespace as a browser shows it: runs of spaces become one, none at the start or end of a line.
  const out: Run[] = [];
  for (const run of runs) {
    const text = run.code ? run.text : run.text.replace(/[ \t\r\n\f]+/g, ' ');
    const last = out[out.length - 1];
    if (
      last &&
      last.bold === run.bold &&
      last.italic === run.italic &&
      last.code === run.code &&
      last.href === run.href
    ) {
      last.text += text;
    } else out.push({ ...run, text });
  }
  const joined: Run[] = [];
  let previous = '\n';
  for (const run of out) {
    let text = run.text;
    if (previous.endsWith(' ') || previous.endsWith('\n')) text = text.replace(/^ +/, '');
    text = text.replace(/ *\n */g, '\n');
    if (text === '') continue;
    joined.push({ ...run, text });
    previous = text;
  }
  const last = joined[joined.length - 1];
  if (last) last.text = last.text.replace(/\s+$/, '');
  return joined.filter((run) => run.text !== '');
}

class Reader {
  blocks: Block[] = [];
  private runs: Run[] = [];

  flush(): void {
    const runs = collapse(this.runs);
    this.runs = [];
    if (runs.length > 0) this.blocks.push({ kind: 'paragraph', runs });
  }

  inline(node: Node, style: Style): void {
    if (node.nodeType === 3) {
      const text = node.nodeValue ?? '';
      if (text !== '') this.runs.push({ text, ...style });
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (SKIPPED.has(tag)) return;
    if (tag === 'BR') {
      this.runs.push({ text: '\n', ...style });
      return;
    }
    if (BLOCK_TAGS.has(tag)) {
      this.flush();
      this.block(element);
      return;
    }
    const next: Style = { ...style };
    if (tag === 'B' || tag === 'STRONG') next.bold = true;
    if (tag === 'I' || tag === 'EM') next.italic = true;
    if (tag === 'CODE' || tag === 'KBD' || tag === 'SAMP') next.code = true;
    if (tag === 'A' && element.getAttribute('href')) next.href = element.getAttribute('href') ?? undefined;
    for (const child of Array.from(element.childNodes)) this.inline(child, next);
  }

  children(element: Element, style: Style = {}): void {
    for (const child of Array.from(element.childNodes)) this.inline(child, style);
    this.flush();
  }

  block(element: Element): void {
    const tag = element.tagName.toUpperCase();
    const heading = /^H([1-6])$/.exec(tag);
    if (heading) {
      const runs = inlineRuns(element);
      if (runs.length > 0) this.blocks.push({ kind: 'heading', level: Number(heading[1]), runs });
      return;
    }
    switch (tag) {
      case 'HR':
        this.blocks.push({ kind: 'rule' });
        return;
      case 'IMG': {
        const image = imageBlock(element);
        if (image) this.blocks.push(image);
        return;
      }
      case 'PRE': {
        const text = (element.textContent ?? '').replace(/\n$/, '');
        if (text !== '') this.blocks.push({ kind: 'code', text });
        return;
      }
      case 'UL':
      case 'OL': {
        const items = Array.from(element.children)
          .filter((child) => child.tagName.toUpperCase() === 'LI')
          .map((item) => readBlocks(item));
        if (items.length > 0) this.blocks.push({ kind: 'list', ordered: tag === 'OL', items });
        return;
      }
      case 'TABLE': {
        const rows = Array.from(element.querySelectorAll('tr'))
          .filter((row) => row.closest('table') === element)
          .map((row) => {
            const cells = Array.from(row.children).filter((cell) => /^T[DH]$/i.test(cell.tagName));
            return {
              header:
                cells.length > 0 &&
                (row.parentElement?.tagName.toUpperCase() === 'THEAD' ||
                  cells.every((c) => c.tagName.toUpperCase() === 'TH')),
              cells: cells.map((cell) => cellRuns(cell)),
            };
          })
          .filter((row) => row.cells.length > 0);
        if (rows.length > 0) this.blocks.push({ kind: 'table', rows });
        return;
      }
      default:
        this.children(element);
    }
  }
}

function inlineRuns(element: Element): Run[] {
  const reader = new Reader();
  for (const child of Array.from(element.childNodes)) reader.inline(child, {});
  reader.flush();
  return reader.blocks.flatMap((block, index) =>
    block.kind === 'paragraph' ? (index === 0 ? block.runs : [{ text: '\n' }, ...block.runs]) : [],
  );
}

/** A table cell's content as runs: its paragraphs become lines. */
function cellRuns(cell: Element): Run[] {
  const blocks = readBlocks(cell);
  const runs: Run[] = [];
  for (const block of blocks) {
    const text: Run[] =
      block.kind === 'paragraph' || block.kind === 'heading'
        ? block.runs
        : block.kind === 'code'
          ? [{ text: block.text }]
          : block.kind === 'list'
            ? block.items.flatMap((item, i) => [
                ...(i > 0 ? [{ text: '\n' }] : []),
                { text: '• ' },
                ...item.flatMap((b) => (b.kind === 'paragraph' ? b.runs : [])),
              ])
            : [];
    if (text.length === 0) continue;
    if (runs.length > 0) runs.push({ text: '\n' });
    runs.push(...text);
  }
  return runs;
}

function readBlocks(element: Element): Block[] {
  const reader = new Reader();
  reader.children(element);
  return reader.blocks;
}

/** HTML (a whole document or a fragment) as blocks. */
export function htmlToModel(html: string): Block[] {
  const document = parseHtml(html);
  return document.body ? readBlocks(document.body) : [];
}
