import mammoth from 'mammoth';

/** A Word file as HTML: headings, lists, tables and (as data URIs) images, as mammoth keeps them. */
export async function docxToHtml(bytes: Uint8Array): Promise<string> {
  const copy = bytes.slice();
  // mammoth reads `buffer` in Node and `arrayBuffer` in its browser build.
  const input = { arrayBuffer: copy.buffer, buffer: copy } as unknown as { arrayBuffer: ArrayBuffer };
  const result = await mammoth.convertToHtml(input);
  return result.value;
}
