export type ImageType = 'png' | 'jpeg' | 'webp';

/** Re-encodes an image. The browser's is OffscreenCanvas; Node's tests inject one (sharp). */
export interface ImageCodec {
  convert(bytes: Uint8Array, from: ImageType, to: ImageType): Promise<Uint8Array>;
}

/** Whether the bytes start the way a file of that type does. */
export function looksLike(bytes: Uint8Array, type: ImageType): boolean {
  const at = (offset: number, text: string) =>
    Array.from(text).every((c, i) => bytes[offset + i] === c.charCodeAt(0));
  switch (type) {
    case 'png':
      return bytes[0] === 0x89 && at(1, 'PNG\r\n\u001a\n');
    case 'jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'webp':
      return at(0, 'RIFF') && at(8, 'WEBP');
  }
}

const MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The codec of a browser worker: decode with createImageBitmap, encode with OffscreenCanvas. */
export const canvasCodec: ImageCodec = {
  async convert(bytes, from, to) {
    const bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: MIME[from] }));
    try {
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      if (to === 'jpeg') {
        // JPEG has no transparency: transparent parts become white, not black.
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, bitmap.width, bitmap.height);
      }
      context.drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: MIME[to], quality: 0.92 });
      if (blob.type !== MIME[to]) throw new Error(`this browser cannot write ${to}`);
      return new Uint8Array(await blob.arrayBuffer());
    } finally {
      bitmap.close();
    }
  },
};

export function hasCanvas(): boolean {
  return typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}
