/**
 * Uploaded images (docs/api.md, Posts): PNG, JPEG, WebP or GIF recognised from their first bytes (never
 * the file name or the declared type), 5 MiB at most, then decoded and re-encoded in the same
 * format: turned upright by their EXIF orientation, resized to fit MAX_IMAGE_SIDE, every metadata
 * block (EXIF, GPS, XMP, ICC, comments) dropped. Animated GIF and WebP stay animated.
 */
import type { ImageWidth } from '@toolbox/sdk/wire';
import sharp from 'sharp';
import type { StoredExtension } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest side after re-encoding; smaller images are not enlarged. */
export const MAX_IMAGE_SIDE = 1600;
/** Decoding limit (all frames together), so a small file cannot unpack into gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

export const IMAGE_TYPES: Record<ImageType, { extension: StoredExtension; contentType: string }> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  gif: { extension: 'gif', contentType: 'image/gif' },
};

/** Why an upload was refused: `status` is the HTTP answer (413 too large, 415 not a usable image). */
export class ImageError extends Error {
  override name = 'ImageError';
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export const IMAGE_TOO_LARGE = `The image is too large (at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB).`;
export const IMAGE_TOO_MANY_PIXELS = `The image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} million).`;
export const IMAGE_WRONG_TYPE = 'The image must be a PNG, JPEG, WebP or GIF file.';
export const IMAGE_UNREADABLE = 'The image could not be read: the file is damaged or not a real image.';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type its magic bytes announce, or null. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface ProcessedImage {
  bytes: Uint8Array;
  type: ImageType;
  extension: StoredExtension;
  contentType: string;
  width: number;
  height: number;
}

/** Checks and re-encodes an upload; throws ImageError for anything the API refuses. */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageError(413, IMAGE_TOO_LARGE);
  const type = detectImageType(input);
  if (!type) throw new ImageError(415, IMAGE_WRONG_TYPE);

  const animated = type === 'gif' || type === 'webp';
  try {
    let pipeline = sharp(input, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .timeout({ seconds: 20 })
      .autoOrient()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
    // No keepMetadata()/withMetadata(): sharp writes none of the input's metadata by default.
    if (type === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
    else if (type === 'jpeg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else if (type === 'webp') pipeline = pipeline.webp({ quality: 85 });
    else pipeline = pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      type,
      ...IMAGE_TYPES[type],
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageError(413, IMAGE_TOO_MANY_PIXELS);
    }
    throw new ImageError(415, IMAGE_UNREADABLE);
  }
}

/**
 * A stored image at `width` pixels wide (never enlarged), as WebP: a post card shows a 400 px copy
 * rather than the 1600 px upload. Animated images stay animated.
 */
export async function resizeImage(bytes: Uint8Array, width: ImageWidth): Promise<Uint8Array> {
  const data = await sharp(bytes, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .timeout({ seconds: 20 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The size of a stored image as the page draws it: upright, and one frame of an animation (sharp
 * reads the first frame unless asked for all); null for a file it cannot read.
 */
export async function storedImageSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    const { autoOrient } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    return autoOrient.width > 0 && autoOrient.height > 0 ? autoOrient : null;
  } catch {
    return null;
  }
}
