/**
 * The document model every document conversion passes through: text, markdown, HTML and Word
 * files are read into blocks, and blocks are written as PDF, Word or plain text.
 */
import { escapeHtml } from '@toolbox/sdk';

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  href?: string;
}

export interface ImageBlock {
  kind: 'image';
  bytes: Uint8Array;
  type: 'png' | 'jpeg';
  alt: string;
}

export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; items: Block[][] }
  | { kind: 'table'; rows: { header: boolean; cells: Run[][] }[] }
  | ImageBlock
  | { kind: 'rule' };

export const runsText = (runs: readonly Run[]): string => runs.map((run) => run.text).join('');

function listText(block: Extract<Block, { kind: 'list' }>, depth: number): string {
  return block.items
    .map((item, index) => {
      const marker = block.ordered ? `${index + 1}.` : '-';
      const indent = '  '.repeat(depth);
      return item
        .map((child, childIndex) => {
          if (child.kind === 'list') return listText(child, depth + 1);
          const text = blockText(child, depth + 1);
          return childIndex === 0 ? `${indent}${marker} ${text}` : `${indent}  ${text}`;
        })
        .join('\n');
    })
    .join('\n');
}

function blockText(block: Block, depth = 0): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return runsText(block.runs);
    case 'code':
      return block.text;
    case 'list':
      return listText(block, depth);
    case 'table':
      return block.rows
        .map((row) => row.cells.map((cell) => runsText(cell).replace(/\s+/g, ' ')).join('\t'))
        .join('\n');
    case 'image':
      return block.alt ? `[${block.alt}]` : '';
    case 'rule':
      return '----------';
  }
}

/** Plain text: blocks apart by a blank line, list items with their markers, table cells by tabs. */
export function modelToText(blocks: readonly Block[]): string {
  const text = blocks
    .map((block) => blockText(block))
    .filter((part) => part.trim() !== '')
    .join('\n\n');
  return text === '' ? '' : `${text}\n`;
}

/** Text as paragraphs: a blank line starts a new one, a single line break stays a line break. */
export function textToModel(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => ({ kind: 'paragraph', runs: [{ text: paragraph.replace(/^\n+|\n+$/g, '') }] }));
}

/** Text as HTML paragraphs, its line breaks kept. */
export function textToHtml(text: string): string {
  return textToModel(text)
    .map(
      (block) =>
        `<p>${escapeHtml(block.kind === 'paragraph' ? runsText(block.runs) : '').replace(/\n/g, '<br>\n')}</p>`,
    )
    .join('\n');
}

/** A whole HTML document around a body. */
export function htmlDocument(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}
