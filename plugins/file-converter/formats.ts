/**
 * The formats the File Converter knows, what each converts to in the browser, and the messages.
 * Plain data, no converter code: the view imports it without loading any converter.
 */

export const MESSAGES = {
  noFile: 'Please select a file to convert.',
  serverUnreachable: 'The server could not be reached to convert this file. Please try again.',
  failed: 'Conversion failed',
  imagesUnavailable: 'Image conversion is not available in this browser.',
  unsupported: (from: string, to: string) => `Conversion from ${from} to ${to} is not supported`,
} as const;

export const FORMATS = [
  'txt',
  'md',
  'html',
  'docx',
  'pdf',
  'csv',
  'xlsx',
  'json',
  'png',
  'jpeg',
  'webp',
] as const;
export type Format = (typeof FORMATS)[number];

export interface FormatInfo {
  label: string;
  /** The file name extension written for it (without the dot). */
  extension: string;
  /** Extensions read as this format, first the one written. */
  extensions: readonly string[];
  mime: string;
}

export const FORMAT_INFO: Readonly<Record<Format, FormatInfo>> = {
  txt: { label: 'Text (.txt)', extension: 'txt', extensions: ['txt', 'text'], mime: 'text/plain' },
  md: { label: 'Markdown (.md)', extension: 'md', extensions: ['md', 'markdown'], mime: 'text/markdown' },
  html: { label: 'HTML (.html)', extension: 'html', extensions: ['html', 'htm'], mime: 'text/html' },
  docx: {
    label: 'Word (.docx)',
    extension: 'docx',
    extensions: ['docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  pdf: { label: 'PDF (.pdf)', extension: 'pdf', extensions: ['pdf'], mime: 'application/pdf' },
  csv: { label: 'CSV (.csv)', extension: 'csv', extensions: ['csv'], mime: 'text/csv' },
  xlsx: {
    label: 'Excel (.xlsx)',
    extension: 'xlsx',
    extensions: ['xlsx'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  json: { label: 'JSON (.json)', extension: 'json', extensions: ['json'], mime: 'application/json' },
  png: { label: 'PNG image (.png)', extension: 'png', extensions: ['png'], mime: 'image/png' },
  jpeg: { label: 'JPEG image (.jpg)', extension: 'jpg', extensions: ['jpg', 'jpeg'], mime: 'image/jpeg' },
  webp: { label: 'WebP image (.webp)', extension: 'webp', extensions: ['webp'], mime: 'image/webp' },
};

/**
 * Names of the formats only the server's office engine reads or writes (which pairs it converts comes
 * from `GET /api/convert/formats/`); any other extension it lists is named by the extension itself.
 */
const OFFICE_LABELS: Readonly<Record<string, string>> = {
  doc: 'Word 97–2003 (.doc)',
  odt: 'OpenDocument text (.odt)',
  rtf: 'Rich Text (.rtf)',
  xls: 'Excel 97–2003 (.xls)',
  ods: 'OpenDocument spreadsheet (.ods)',
  pptx: 'PowerPoint (.pptx)',
  ppt: 'PowerPoint 97–2003 (.ppt)',
  odp: 'OpenDocument presentation (.odp)',
};

/** The label of a format or of an extension the server converts. */
export function formatLabel(format: string): string {
  return isFormat(format) ? FORMAT_INFO[format].label : (OFFICE_LABELS[format] ?? `.${format}`);
}

/** A file name's extension, lower case, without the dot (undefined without one). */
export function extensionOf(name: string): string | undefined {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
}

/** What each format converts to in the browser (and in Node). */
export const TARGETS: Readonly<Record<Format, readonly Format[]>> = {
  txt: ['pdf', 'html', 'docx', 'md'],
  md: ['pdf', 'html', 'docx', 'txt'],
  html: ['pdf', 'md', 'txt', 'docx'],
  docx: ['pdf', 'html', 'txt', 'md'],
  pdf: ['txt'],
  csv: ['xlsx', 'json'],
  xlsx: ['csv', 'json'],
  json: ['csv', 'xlsx'],
  png: ['pdf', 'jpeg', 'webp'],
  jpeg: ['pdf', 'png', 'webp'],
  webp: ['pdf', 'png', 'jpeg'],
};

export const IMAGE_FORMATS: readonly Format[] = ['png', 'jpeg', 'webp'];

export function isFormat(value: unknown): value is Format {
  return typeof value === 'string' && (FORMATS as readonly string[]).includes(value);
}

/** Every pair the browser converts, `{ from, to }`, in the order of FORMATS. */
export function formats(): { from: Format; to: Format }[] {
  return FORMATS.flatMap((from) => TARGETS[from].map((to) => ({ from, to })));
}

export function canConvert(from: string, to: string): boolean {
  return isFormat(from) && isFormat(to) && TARGETS[from].includes(to);
}

/** The format a file name's extension names, or undefined. */
export function formatOfName(name: string): Format | undefined {
  const extension = extensionOf(name);
  if (!extension) return undefined;
  return FORMATS.find((format) => FORMAT_INFO[format].extensions.includes(extension));
}

/** `report.docx` → `report.pdf`; a name without a base becomes `converted.pdf`. */
export function outputName(name: string, to: Format): string {
  const leaf = name.split(/[/\\]/).pop() ?? '';
  const base = leaf.replace(/\.[^.]*$/, '').trim();
  return `${base || 'converted'}.${FORMAT_INFO[to].extension}`;
}
