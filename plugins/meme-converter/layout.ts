/**
 * Where the Meme Generator's caption lines go on the canvas (`layoutMeme`), for any text measure:
 * shared by the compute (an estimated measure) and the drawing code (the canvas's own), kept apart
 * from compute.ts so the page does not load valibot.
 */
import { DEFAULT_FONT_SIZE, MAX_FONT_SIZE, MEME_HEIGHT, MEME_WIDTH, MIN_FONT_SIZE } from './choices';

/** Space kept free between the text and the canvas's edges, in pixels. */
export const MEME_MARGIN = 16;
/** A line's height as a multiple of the font size. */
export const LINE_HEIGHT = 1.15;

/** The width of `text` drawn at `fontSize` pixels (a canvas's `measureText(text).width`). */
export type MeasureText = (text: string, fontSize: number) => number;

export interface LayoutInput {
  topText: string;
  bottomText: string;
  fontSize: number;
  width?: number;
  height?: number;
  measure: MeasureText;
}

/** One line of caption: its (upper-cased) text, centred on `x`; `y` is the top of its line box (draw with `textBaseline = 'top'`). */
export interface Line {
  text: string;
  x: number;
  y: number;
}

export interface MemeLayout {
  /** The size every line is drawn at: the one asked for (clamped to 12..72), smaller when the text needs it. */
  fontSize: number;
  top: Line[];
  bottom: Line[];
}

export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_FONT_SIZE;
  return Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, Math.round(size)));
}

const words = (text: string) => text.toUpperCase().split(/\s+/).filter(Boolean);

/** Splits a word that is wider than `maxWidth` into pieces that fit (at least one character each). */
function breakWord(word: string, fontSize: number, maxWidth: number, measure: MeasureText): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && measure(piece + char, fontSize) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap. Without `breakLongWords`, a word wider than the line gives undefined (the font
 * must shrink); with it, such a word is split across lines.
 */
function wrap(
  text: string,
  fontSize: number,
  maxWidth: number,
  measure: MeasureText,
  breakLongWords: boolean,
): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  for (const word of words(text)) {
    const pieces =
      measure(word, fontSize) <= maxWidth
        ? [word]
        : breakLongWords
          ? breakWord(word, fontSize, maxWidth, measure)
          : undefined;
    if (!pieces) return undefined;
    for (const piece of pieces) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (!line || measure(candidate, fontSize) <= maxWidth) {
        line = candidate;
      } else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Lays a caption out on the canvas: text upper-cased, word-wrapped to the canvas width minus the
 * margins, centred; top lines from the top margin down, bottom lines up to the bottom margin. The
 * font size is clamped to 12..72, then shrunk (a pixel at a time, down to 12) until every word fits
 * on a line and both blocks fit in the height. At 12 a word still wider than the line is broken
 * across lines; text still too tall at 12 is laid out anyway and runs past the middle.
 */
export function layoutMeme({
  topText,
  bottomText,
  fontSize,
  width = MEME_WIDTH,
  height = MEME_HEIGHT,
  measure,
}: LayoutInput): MemeLayout {
  const maxWidth = Math.max(1, width - 2 * MEME_MARGIN);
  const maxHeight = height - 2 * MEME_MARGIN;
  const place = (size: number, top: string[], bottom: string[]): MemeLayout => {
    const lineHeight = size * LINE_HEIGHT;
    const x = width / 2;
    return {
      fontSize: size,
      top: top.map((text, i) => ({ text, x, y: MEME_MARGIN + i * lineHeight })),
      bottom: bottom.map((text, i) => ({
        text,
        x,
        y: height - MEME_MARGIN - (bottom.length - i) * lineHeight,
      })),
    };
  };

  for (let size = clampFontSize(fontSize); size > MIN_FONT_SIZE; size--) {
    const top = wrap(topText, size, maxWidth, measure, false);
    const bottom = wrap(bottomText, size, maxWidth, measure, false);
    if (top && bottom && (top.length + bottom.length) * size * LINE_HEIGHT <= maxHeight) {
      return place(size, top, bottom);
    }
  }
  return place(
    MIN_FONT_SIZE,
    wrap(topText, MIN_FONT_SIZE, maxWidth, measure, true) ?? [],
    wrap(bottomText, MIN_FONT_SIZE, maxWidth, measure, true) ?? [],
  );
}
