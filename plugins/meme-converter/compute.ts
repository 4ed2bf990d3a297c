/**
 * The Meme Generator's `compute`, which checks a caption as the form holds it and lays it out
 * (`layoutMeme`, layout.ts) with an estimated measure (the view lays it out again with the canvas's
 * real text measure when it draws).
 */
import { numeric, ok, type Result, validate } from '@toolbox/sdk';
import * as v from 'valibot';

import { DEFAULT_COLOR, DEFAULT_FONT, FONTS, MAX_FONT_SIZE, type MemeFont, MIN_FONT_SIZE } from './choices';
import { layoutMeme, type MeasureText, type MemeLayout } from './layout';

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
