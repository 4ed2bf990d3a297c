import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { fontBytes } from './font';
import type { Block, Run } from './model';

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const BODY = 11;
const HEADING_SIZES = [22, 18, 15, 13, 12, 11];
const TEXT = rgb(0.1, 0.1, 0.1);
const LINK = rgb(0.05, 0.3, 0.7);
const GREY = rgb(0.45, 0.45, 0.45);

interface Piece {
  text: string;
  link: boolean;
}

/** Writes blocks onto A4 pages, one font, wrapping words to the width. */
class Writer {
  page: PDFPage;
  y = PAGE[1] - MARGIN;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
  }

  newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN && this.y < PAGE[1] - MARGIN) this.newPage();
  }

  private advances = new Map<string, number>();

  /** Width of text at a size, from cached advances of its characters (layout per call is slow). */
  width(text: string, size: number): number {
    let total = 0;
    for (const char of text) {
      let advance = this.advances.get(char);
      if (advance === undefined) {
        advance = this.font.widthOfTextAtSize(char, 1000);
        this.advances.set(char, advance);
      }
      total += advance;
    }
    return (total * size) / 1000;
  }

  /** Splits runs into lines of pieces no wider than `width`. */
  wrap(runs: readonly Run[], size: number, width: number): Piece[][] {
    const lines: Piece[][] = [];
    let line: Piece[] = [];
    let lineWidth = 0;
    const push = (text: string, link: boolean) => {
      const last = line[line.length - 1];
      if (last && last.link === link) last.text += text;
      else line.push({ text, link });
      lineWidth += this.width(text, size);
    };
    const breakLine = () => {
      const last = line[line.length - 1];
      if (last) last.text = last.text.replace(/\s+$/, '');
      lines.push(line);
      line = [];
      lineWidth = 0;
    };
    for (const run of runs) {
      const link = run.href !== undefined;
      const parts = run.text.split('\n');
      parts.forEach((part, partIndex) => {
        if (partIndex > 0) breakLine();
        for (const token of part.match(/\S+\s*|\s+/g) ?? []) {
          const word = token.replace(/\s+$/, '');
          if (lineWidth > 0 && lineWidth + this.width(word, size) > width) {
            breakLine();
            if (word === '') continue;
          }
          if (this.width(word, size) > width) {
            // A word wider than the line: cut it by characters.
            for (const char of Array.from(token)) {
              if (lineWidth + this.width(char, size) > width && lineWidth > 0) breakLine();
              push(char, link);
            }
            continue;
          }
          if (lineWidth === 0 && word === '') continue;
          push(token, link);
        }
      });
    }
    if (line.length > 0 || lines.length === 0) breakLine();
    return lines;
  }

  drawLine(pieces: readonly Piece[], x: number, size: number, color = TEXT): void {
    let left = x;
    for (const piece of pieces) {
      if (piece.text !== '') {
        this.page.drawText(piece.text, {
          x: left,
          y: this.y,
          size,
          font: this.font,
          color: piece.link ? LINK : color,
        });
      }
      left += this.width(piece.text, size);
    }
  }

  paragraph(runs: readonly Run[], size: number, x = MARGIN, width = WIDTH, color = TEXT): void {
    const lineHeight = size * 1.4;
    for (const line of this.wrap(runs, size, width)) {
      this.ensure(lineHeight);
      this.y -= size;
      this.drawLine(line, x, size, color);
      this.y -= lineHeight - size;
    }
  }

  list(block: Extract<Block, { kind: 'list' }>, depth: number): void {
    const x = MARGIN + 18 * (depth + 1);
    block.items.forEach((item, index) => {
      const marker = block.ordered ? `${index + 1}.` : '•';
      this.ensure(BODY * 1.4);
      this.page.drawText(marker, {
        x: x - this.width(`${marker} `, BODY),
        y: this.y - BODY,
        size: BODY,
        font: this.font,
        color: TEXT,
      });
      for (const child of item) {
        if (child.kind === 'list') this.list(child, depth + 1);
        else this.block(child, x, depth + 1);
      }
      if (item.length === 0) this.y -= BODY * 1.4;
    });
    this.y -= 4;
  }

  table(block: Extract<Block, { kind: 'table' }>, x: number): void {
    const size = 10;
    const lineHeight = size * 1.35;
    const columns = Math.max(...block.rows.map((row) => row.cells.length));
    const width = MARGIN + WIDTH - x;
    const cellWidth = width / columns;
    const pad = 4;
    for (const row of block.rows) {
      const wrapped = row.cells.map((cell) =>
        this.wrap(row.header ? cell.map((run) => ({ ...run, bold: true })) : cell, size, cellWidth - 2 * pad),
      );
      const height = Math.max(1, ...wrapped.map((lines) => lines.length)) * lineHeight + 2 * pad;
      this.ensure(height);
      const top = this.y;
      for (let column = 0; column < columns; column++) {
        const left = x + column * cellWidth;
        this.page.drawRectangle({
          x: left,
          y: top - height,
          width: cellWidth,
          height,
          borderColor: GREY,
          borderWidth: 0.5,
          ...(row.header ? { color: rgb(0.93, 0.93, 0.93) } : {}),
        });
        let y = top - pad;
        for (const line of wrapped[column] ?? []) {
          y -= size;
          this.y = y;
          this.drawLine(line, left + pad, size);
          y -= lineHeight - size;
        }
      }
      this.y = top - height;
    }
    this.y -= 8;
  }

  async image(image: PDFImage, x: number): Promise<void> {
    const maxWidth = MARGIN + WIDTH - x;
    const maxHeight = PAGE[1] - 2 * MARGIN;
    const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height);
    this.y -= height;
    this.page.drawImage(image, { x, y: this.y, width, height });
    this.y -= 8;
  }

  block(block: Block, x = MARGIN, depth = 0): void | Promise<void> {
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[block.level - 1] ?? BODY;
        this.y -= size * 0.4;
        this.ensure(size * 2.5);
        this.paragraph(block.runs, size, x, MARGIN + WIDTH - x);
        this.y -= size * 0.3;
        return;
      }
      case 'paragraph':
        this.paragraph(block.runs, BODY, x, MARGIN + WIDTH - x);
        this.y -= BODY * 0.5;
        return;
      case 'code':
        this.paragraph([{ text: block.text }], 10, x + 8, MARGIN + WIDTH - x - 8, rgb(0.2, 0.2, 0.2));
        this.y -= BODY * 0.5;
        return;
      case 'list':
        this.list(block, depth);
        return;
      case 'table':
        this.table(block, x);
        return;
      case 'rule':
        this.ensure(12);
        this.y -= 6;
        this.page.drawLine({
          start: { x, y: this.y },
          end: { x: MARGIN + WIDTH, y: this.y },
          thickness: 0.5,
          color: GREY,
        });
        this.y -= 6;
        return;
      case 'image':
        return (async () => {
          try {
            const image =
              block.type === 'png'
                ? await this.doc.embedPng(block.bytes)
                : await this.doc.embedJpg(block.bytes);
            await this.image(image, x);
          } catch {
            // A broken embedded image is left out; the text around it still converts.
          }
        })();
    }
  }
}

interface FontkitGlyph {
  advanceWidth: number;
}
interface FontkitFont {
  layout: (text: string) => { glyphs: FontkitGlyph[] };
  glyphForCodePoint: (codePoint: number) => FontkitGlyph;
}

/**
 * pdf-lib shapes every string with fontkit's full layout (GSUB/GPOS), several milliseconds a line
 * with DejaVu: a long document took seconds. Text here needs no shaping (no ligatures or
 * complex scripts are promised), so each character maps straight to its glyph, cached.
 */
function withoutShaping(font: PDFFont): void {
  const fontkitFont = (font as unknown as { embedder?: { font?: FontkitFont } }).embedder?.font;
  if (!fontkitFont) return;
  const cache = new Map<number, FontkitGlyph>();
  fontkitFont.layout = (text: string) => {
    const glyphs: FontkitGlyph[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0;
      let glyph = cache.get(codePoint);
      if (!glyph) {
        glyph = fontkitFont.glyphForCodePoint(codePoint);
        cache.set(codePoint, glyph);
      }
      glyphs.push(glyph);
    }
    return { glyphs };
  };
}

/** Characters the font cannot draw in a line (tabs, other control characters) made harmless. */
function clean(blocks: readonly Block[]): Block[] {
  const fix = (text: string) =>
    Array.from(text.replace(/\t/g, '    '))
      .filter((char) => {
        const code = char.charCodeAt(0);
        return char === '\n' || (code >= 0x20 && code !== 0x7f);
      })
      .join('');
  const runs = (list: readonly Run[]) => list.map((run) => ({ ...run, text: fix(run.text) }));
  return blocks.map((block): Block => {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        return { ...block, runs: runs(block.runs) };
      case 'code':
        return { ...block, text: fix(block.text) };
      case 'list':
        return { ...block, items: block.items.map((item) => clean(item)) };
      case 'table':
        return { ...block, rows: block.rows.map((row) => ({ ...row, cells: row.cells.map(runs) })) };
      default:
        return block;
    }
  });
}

export async function modelToPdf(blocks: readonly Block[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(title);
  doc.setProducer('Toolbox File Converter');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const font = await doc.embedFont(fontBytes(), { subset: true });
  withoutShaping(font);
  const writer = new Writer(doc, font);
  for (const block of clean(blocks)) await writer.block(block);
  return doc.save();
}

/** One page per image, each fitted onto an A4 page turned to suit it. */
export async function imagesToPdf(
  images: readonly { bytes: Uint8Array; type: 'png' | 'jpeg' }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer('Toolbox File Converter');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  for (const { bytes, type } of images) {
    const image = type === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    const landscape = image.width > image.height;
    const size: [number, number] = landscape ? [PAGE[1], PAGE[0]] : PAGE;
    const page = doc.addPage(size);
    const margin = 36;
    const scale = Math.min(1, (size[0] - 2 * margin) / image.width, (size[1] - 2 * margin) / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (size[0] - width) / 2, y: (size[1] - height) / 2, width, height });
  }
  return doc.save();
}
