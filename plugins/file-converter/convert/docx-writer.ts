import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { imageSize } from './image-size';
import type { Block, Run } from './model';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

function textRuns(run: Run, extra: { bold?: boolean } = {}): TextRun[] {
  return run.text.split('\n').map(
    (line, index) =>
      new TextRun({
        text: line,
        ...(index > 0 ? { break: 1 } : {}),
        ...(run.bold || extra.bold ? { bold: true } : {}),
        ...(run.italic ? { italics: true } : {}),
        ...(run.code ? { font: 'Courier New' } : {}),
        ...(run.href ? { style: 'Hyperlink' } : {}),
      }),
  );
}

function children(runs: readonly Run[], extra: { bold?: boolean } = {}): ParagraphChild[] {
  return runs.flatMap((run): ParagraphChild[] =>
    run.href && /^(https?:|mailto:)/i.test(run.href)
      ? [new ExternalHyperlink({ link: run.href, children: textRuns(run, extra) })]
      : textRuns(run, extra),
  );
}

class Builder {
  private lists = 0;

  blocks(blocks: readonly Block[], level = 0): (Paragraph | Table)[] {
    return blocks.flatMap((block) => this.block(block, level));
  }

  block(block: Block, level: number): (Paragraph | Table)[] {
    switch (block.kind) {
      case 'heading':
        return [
          new Paragraph({
            heading: HEADINGS[block.level - 1] ?? HeadingLevel.HEADING_6,
            children: children(block.runs),
          }),
        ];
      case 'paragraph':
        return [new Paragraph({ children: children(block.runs) })];
      case 'code':
        return block.text
          .split('\n')
          .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: 'Courier New' })] }));
      case 'rule':
        return [
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } },
          }),
        ];
      case 'image': {
        const size = imageSize(block.bytes);
        if (!size) return [];
        const scale = Math.min(1, 600 / size.width);
        return [
          new Paragraph({
            children: [
              new ImageRun({
                type: block.type === 'png' ? 'png' : 'jpg',
                data: block.bytes,
                transformation: {
                  width: Math.round(size.width * scale),
                  height: Math.round(size.height * scale),
                },
                altText: { name: block.alt || 'image', description: block.alt, title: block.alt },
              }),
            ],
          }),
        ];
      }
      case 'list': {
        const instance = ++this.lists;
        return block.items.flatMap((item) =>
          item.flatMap((child, index) => {
            if (child.kind === 'list') return this.block(child, level + 1);
            if (index === 0 && (child.kind === 'paragraph' || child.kind === 'heading')) {
              return [
                new Paragraph({
                  children: children(child.runs),
                  ...(block.ordered
                    ? { numbering: { reference: 'ordered', level: Math.min(level, 8), instance } }
                    : { bullet: { level: Math.min(level, 8) } }),
                }),
              ];
            }
            return this.block(child, level + 1);
          }),
        );
      }
      case 'table': {
        const columns = Math.max(...block.rows.map((row) => row.cells.length));
        return [
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: block.rows.map(
              (row) =>
                new TableRow({
                  ...(row.header ? { tableHeader: true } : {}),
                  children: Array.from({ length: columns }, (_, index) => {
                    const cell = row.cells[index] ?? [];
                    return new TableCell({
                      children: [new Paragraph({ children: children(cell, { bold: row.header }) })],
                    });
                  }),
                }),
            ),
          }),
          new Paragraph({ children: [] }),
        ];
      }
    }
  }
}

export async function modelToDocx(blocks: readonly Block[], title: string): Promise<Uint8Array> {
  const body = new Builder().blocks(blocks);
  const doc = new Document({
    title,
    creator: 'Toolbox File Converter',
    numbering: {
      config: [
        {
          reference: 'ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children: body.length > 0 ? body : [new Paragraph({ children: [] })] }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}
