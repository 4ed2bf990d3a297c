import { err, ok, type Result } from '@toolbox/sdk';
import * as v from 'valibot';
import type { ImageCodec, ImageType } from './convert/image';
import type { Block } from './convert/model';
import {
  canConvert,
  FORMAT_INFO,
  type Format,
  formats,
  IMAGE_FORMATS,
  MESSAGES,
  outputName,
} from './formats';

/**
 * File conversion, in the compute worker (and in Node for the tests). Each converter is loaded
 * with a dynamic import when its format is asked for, so the page and the worker start small.
 */

export { formats };

const bytesSchema = v.instance(Uint8Array, MESSAGES.noFile);

export const inputSchema = v.object({
  bytes: bytesSchema,
  name: v.string(),
  from: v.string(),
  to: v.string(),
  /** Further images converted with the first into one PDF, one page each. */
  more: v.optional(v.array(v.object({ bytes: bytesSchema, name: v.string() }))),
});

export interface FileConvertInput {
  bytes?: Uint8Array | undefined;
  name?: string;
  from?: string;
  to?: string;
  more?: readonly { bytes: Uint8Array; name: string }[];
}

export interface FileConvertOutput {
  bytes: Uint8Array;
  filename: string;
  mime: string;
}

let imageCodec: ImageCodec | undefined;

/** Sets how images are re-encoded (Node has no OffscreenCanvas: the tests pass one built on sharp). */
export function setImageCodec(codec: ImageCodec | undefined): void {
  imageCodec = codec;
}

async function codec(): Promise<ImageCodec> {
  if (imageCodec) return imageCodec;
  const image = await import('./convert/image');
  if (!image.hasCanvas()) throw new CodecMissing();
  imageCodec = image.canvasCodec;
  return imageCodec;
}

class CodecMissing extends Error {}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
const encode = (text: string) => new TextEncoder().encode(text);

/** A document's content as HTML (a Word file through mammoth, Markdown through marked). */
async function toHtml(from: Format, bytes: Uint8Array): Promise<string> {
  switch (from) {
    case 'docx':
      return (await import('./convert/docx-reader')).docxToHtml(bytes);
    case 'md':
      return (await import('./convert/markdown')).markdownToHtml(decode(bytes));
    case 'txt':
      return (await import('./convert/model')).textToHtml(decode(bytes));
    default:
      return decode(bytes);
  }
}

async function toModel(from: Format, bytes: Uint8Array): Promise<Block[]> {
  if (from === 'txt') return (await import('./convert/model')).textToModel(decode(bytes));
  const html = await toHtml(from, bytes);
  return (await import('./convert/html-model')).htmlToModel(html);
}

function title(name: string): string {
  return (name.split(/[/\\]/).pop() ?? '').replace(/\.[^.]*$/, '') || 'Converted document';
}

function isDocxLike(bytes: Uint8Array): boolean {
  // Word and Excel files are ZIP archives.
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function looksLikeText(bytes: Uint8Array): boolean {
  // A text file has no NUL bytes in its first 4 KB (binary files nearly always do).
  return !bytes.subarray(0, 4096).includes(0);
}

async function convertImages(
  from: ImageType,
  to: Format,
  files: readonly { bytes: Uint8Array }[],
): Promise<Uint8Array> {
  const image = await import('./convert/image');
  const [first, ...rest] = files;
  if (!first || !image.looksLike(first.bytes, from)) throw new Error('not an image of that type');
  if (to !== 'pdf') return (await codec()).convert(first.bytes, from, to as ImageType);
  // Several images into one PDF may mix types: each further one is known by its first bytes.
  const typed = [{ bytes: first.bytes, type: from }];
  for (const file of rest) {
    const type = (['png', 'jpeg', 'webp'] as const).find((candidate) =>
      image.looksLike(file.bytes, candidate),
    );
    if (!type) throw new Error('not an image');
    typed.push({ bytes: file.bytes, type });
  }
  const pages: { bytes: Uint8Array; type: 'png' | 'jpeg' }[] = [];
  for (const { bytes, type } of typed) {
    pages.push(
      type === 'webp'
        ? { bytes: await (await codec()).convert(bytes, 'webp', 'png'), type: 'png' }
        : { bytes, type },
    );
  }
  return (await import('./convert/pdf-writer')).imagesToPdf(pages);
}

async function convert(
  from: Format,
  to: Format,
  bytes: Uint8Array,
  name: string,
  more: readonly { bytes: Uint8Array }[],
) {
  if (IMAGE_FORMATS.includes(from)) return convertImages(from as ImageType, to, [{ bytes }, ...more]);
  if (from === 'csv' || from === 'xlsx' || from === 'json') {
    if (from === 'xlsx' ? !isDocxLike(bytes) : !looksLikeText(bytes)) throw new Error('not a spreadsheet');
    return (await import('./convert/sheet')).convertSheet(from, to as 'csv' | 'xlsx' | 'json', bytes);
  }
  if (from === 'pdf') {
    return encode(await (await import('./convert/pdf-reader')).pdfToText(bytes));
  }
  if (from === 'docx' ? !isDocxLike(bytes) : !looksLikeText(bytes)) throw new Error('not a document');
  switch (to) {
    case 'html': {
      const model = await import('./convert/model');
      if (from === 'html') return bytes;
      return encode(model.htmlDocument(title(name), await toHtml(from, bytes)));
    }
    case 'md': {
      if (from === 'md') return bytes;
      return encode((await import('./convert/markdown')).htmlToMarkdown(await toHtml(from, bytes)));
    }
    case 'txt':
      return encode((await import('./convert/model')).modelToText(await toModel(from, bytes)));
    case 'pdf':
      return (await import('./convert/pdf-writer')).modelToPdf(await toModel(from, bytes), title(name));
    case 'docx':
      return (await import('./convert/docx-writer')).modelToDocx(await toModel(from, bytes), title(name));
    default:
      throw new Error('unreachable');
  }
}

/** `{ bytes, name, from, to }` → the converted file, or the message the screen shows. */
export async function compute(input: FileConvertInput): Promise<Result<FileConvertOutput>> {
  const { bytes, name = '', from = '', to = '', more = [] } = input ?? {};
  if (!(bytes instanceof Uint8Array)) return err(MESSAGES.noFile);
  if (!canConvert(from, to)) return err(MESSAGES.unsupported(from || '?', to || '?'));
  const source = from as Format;
  const target = to as Format;
  const extra = IMAGE_FORMATS.includes(source) && target === 'pdf' ? more : [];
  if (!extra.every((file) => file?.bytes instanceof Uint8Array)) return err(MESSAGES.noFile);
  try {
    const output = await convert(source, target, bytes, name, extra);
    return ok({ bytes: output, filename: outputName(name, target), mime: FORMAT_INFO[target].mime });
  } catch (error) {
    if (error instanceof CodecMissing) return err(MESSAGES.imagesUnavailable);
    return err(MESSAGES.failed);
  }
}
