import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page, pages apart by a blank line. */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes.slice());
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    const pages = text.map((page) => page.trim()).filter((page) => page !== '');
    return pages.length === 0 ? '' : `${pages.join('\n\n')}\n`;
  } finally {
    await pdf.destroy();
  }
}
