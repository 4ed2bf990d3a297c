/**
 * The Meme Generator's pure part: where the caption's lines go on the canvas (`layoutMeme`), and
 * `compute`, which checks a caption as the form holds it and lays it out with an estimated measure
 * (the view lays it out again with the canvas's real text measure when it draws).
 */
import { numeric, ok, type Result, validate } from '@toolbox/sdk';
import * as v from 'valibot';

import {
  DEFAULT_COLOR,
  DEFAULT_FONT,
  DEFAULT_FONT_SIZE,
  FONTS,
  MAX_FONT_SIZE,
  MEME_HEIGHT,
  MEME_WIDTH,
  type MemeFont,
  MIN_FONT_SIZE,
} from './choices';

export * from './choices';

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

/**
 * A measure for where no canvas is at hand (the compute worker, the command line): the average
 * advance of a condensed caption face, 0.55 em a character. Good enough to say how a caption wraps;
 * the view always measures with the real font.
 */
export const estimateWidth: MeasureText = (text, fontSize) => [...text].length * fontSize * 0.55;

const FONT_SIZE_MESSAGE = `Please enter a font size from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}.`;
const CAPTION_MAX = 500;
const caption = (message: string) =>
  v.optional(v.pipe(v.string(message), v.maxLength(CAPTION_MAX, message)), '');

export const inputSchema = v.object({
  topText: caption(`Keep the top text under ${CAPTION_MAX} characters.`),
  bottomText: caption(`Keep the bottom text under ${CAPTION_MAX} characters.`),
  font: v.optional(v.picklist(FONTS, 'Please pick one of the fonts.'), DEFAULT_FONT),
  fontSize: v.pipe(
    numeric(FONT_SIZE_MESSAGE),
    v.minValue(MIN_FONT_SIZE, FONT_SIZE_MESSAGE),
    v.maxValue(MAX_FONT_SIZE, FONT_SIZE_MESSAGE),
  ),
  color: v.optional(
    v.pipe(
      v.string('Please pick a font colour.'),
      v.regex(/^#[0-9a-f]{6}$/i, 'Please pick a font colour.'),
      v.toLowerCase(),
    ),
    DEFAULT_COLOR,
  ),
});

export type MemeInput = v.InferInput<typeof inputSchema>;

export interface MemeOutput extends MemeLayout {
  topText: string;
  bottomText: string;
  font: MemeFont;
  color: string;
}

/** Checks a caption as the form holds it; the layout is the estimated one (see `estimateWidth`). */
export function compute(input: MemeInput): Result<MemeOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { topText, bottomText, font, fontSize, color } = parsed.value;
  const layout = layoutMeme({ topText, bottomText, fontSize, measure: estimateWidth });
  return ok({ topText, bottomText, font, color, ...layout });
}
