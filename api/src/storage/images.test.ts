import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType, ImageError, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, processImage } from './images';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

async function refusal(input: Uint8Array) {
  try {
    await processImage(input);
  } catch (error) {
    if (error instanceof ImageError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the image to be refused');
}

describe('detectImageType', () => {
  it('recognises the four formats by their bytes', async () => {
    expect(detectImageType(await solid(2, 2).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(2, 2).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(2, 2).webp().toBuffer())).toBe('webp');
    expect(detectImageType(await solid(2, 2).gif().toBuffer())).toBe('gif');
  });

  it('recognises nothing else', async () => {
    expect(detectImageType(new TextEncoder().encode('just text, named .png'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(await solid(2, 2).tiff().toBuffer())).toBeNull();
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // RIFF but not WebP (a WAV header).
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('processImage', () => {
  it('strips EXIF and turns the image upright', async () => {
    const input = await solid(40, 20)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Someone', Copyright: 'Private' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const output = await processImage(input);
    expect(output).toMatchObject({ type: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' });
    const meta = await sharp(output.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
  });

  it('keeps the format and shrinks large images to fit, never enlarging small ones', async () => {
    const big = await processImage(
      await solid(MAX_IMAGE_SIDE * 2, 100)
        .png()
        .toBuffer(),
    );
    expect(big).toMatchObject({ type: 'png', width: MAX_IMAGE_SIDE, height: 50 });
    const small = await processImage(await solid(30, 10).webp().toBuffer());
    expect(small).toMatchObject({ type: 'webp', contentType: 'image/webp', width: 30, height: 10 });
  });

  it('keeps a GIF animated', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((background) =>
        sharp({ create: { width: 30, height: 20, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const output = await processImage(gif);
    expect(output).toMatchObject({ type: 'gif', width: 30, height: 20 });
    expect((await sharp(output.bytes).metadata()).pages).toBe(3);
  });

  it('refuses a text file with 415', async () => {
    expect(await refusal(new TextEncoder().encode('hello'))).toMatchObject({ status: 415 });
  });

  it('refuses a truncated image with 415', async () => {
    const png = await solid(300, 300).png().toBuffer();
    expect(await refusal(png.subarray(0, 60))).toMatchObject({ status: 415 });
  });

  it('refuses more than 5 MiB with 413 before decoding', async () => {
    const padded = new Uint8Array(MAX_IMAGE_BYTES + 1);
    padded.set(await solid(2, 2).png().toBuffer());
    expect(await refusal(padded)).toMatchObject({ status: 413 });
  });

  it('refuses an image that decodes into too many pixels with 413', async () => {
    // A tiny, highly compressible PNG of 8000 × 8000 pixels.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MAX_IMAGE_BYTES);
    expect(await refusal(bomb)).toMatchObject({ status: 413 });
  });
});
