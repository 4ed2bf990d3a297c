/**
 * Drawing a meme on a canvas: loaded with the first image, so the tool page itself stays small.
 * Brings the shipped Impact-like face (Anton, OFL-1.1) and `layoutMeme`.
 */
import antonUrl from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import { MEME_HEIGHT, MEME_WIDTH, type MemeFont } from './choices';
import { layoutMeme } from './layout';

/**
 * Each choice of the spec's font select, with open faces after it: Impact where the system has it,
 * else the shipped Anton; Arial, Comic Sans MS and Courier New where present, else the metric
 * look-alikes most systems have (Liberation, DejaVu).
 */
const FACES: Record<MemeFont, { weight: string; family: string }> = {
  // Impact and Anton are heavy faces already.
  Impact: { weight: 'normal', family: 'Impact, Anton, "Arial Narrow", sans-serif' },
  Arial: { weight: 'bold', family: 'Arial, "Liberation Sans", Helvetica, sans-serif' },
  'Comic Sans MS': { weight: 'bold', family: '"Comic Sans MS", "Comic Neue", "DejaVu Sans", cursive' },
  'Courier New': {
    weight: 'bold',
    family: '"Courier New", "Liberation Mono", "DejaVu Sans Mono", monospace',
  },
};

/** The canvas `font` for a choice at a size, e.g. `normal 36px Impact, Anton, …`. */
export function canvasFont(font: MemeFont, size: number): string {
  const { weight, family } = FACES[font] ?? FACES.Impact;
  return `${weight} ${size}px ${family}`;
}

let anton: Promise<void> | undefined;

/** Adds Anton to the page's fonts once and waits for it, so the first drawing already uses it. */
export function loadFonts(): Promise<void> {
  anton ??= (async () => {
    const face = new FontFace('Anton', `url(${antonUrl}) format("woff2")`);
    document.fonts.add(face);
    await face.load();
  })().catch(() => {
    // Without it the next font of the list draws: still a meme.
  });
  return anton;
}

/** Loads an image (same origin, or a blob: URL of the person's own file). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

export interface Caption {
  topText: string;
  bottomText: string;
  font: MemeFont;
  fontSize: number;
  color: string;
}

/**
 * Draws the meme: black canvas, the image fitted inside it (whole, centred), then the caption laid
 * out by `layoutMeme` with the canvas's own text measure, filled in `color` with a black outline.
 * Returns the font size actually used.
 */
export function drawMeme(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource & { width: number; height: number },
  caption: Caption,
): number {
  canvas.width = MEME_WIDTH;
  canvas.height = MEME_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return caption.fontSize;
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, MEME_WIDTH, MEME_HEIGHT);
  const scale = Math.min(MEME_WIDTH / image.width, MEME_HEIGHT / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  ctx.drawImage(image, (MEME_WIDTH - width) / 2, (MEME_HEIGHT - height) / 2, width, height);

  const measure = (text: string, size: number) => {
    ctx.font = canvasFont(caption.font, size);
    return ctx.measureText(text).width;
  };
  const layout = layoutMeme({
    topText: caption.topText,
    bottomText: caption.bottomText,
    fontSize: caption.fontSize,
    measure,
  });
  ctx.font = canvasFont(caption.font, layout.fontSize);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, layout.fontSize / 8);
  ctx.strokeStyle = '#000000';
  ctx.fillStyle = caption.color;
  for (const line of [...layout.top, ...layout.bottom]) {
    ctx.strokeText(line.text, line.x, line.y);
    ctx.fillText(line.text, line.x, line.y);
  }
  return layout.fontSize;
}

/** The canvas as a PNG. */
export function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/png'),
  );
}
