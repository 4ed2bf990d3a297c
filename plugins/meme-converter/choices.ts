/**
 * The Meme Generator's fixed facts, shared by its compute and its view without bringing the
 * compute's validation into the page: the spec's canvas, font choices and defaults.
 */

/** The spec's canvas. */
export const MEME_WIDTH = 600;
export const MEME_HEIGHT = 400;
export const MIN_FONT_SIZE = 12;
export const MAX_FONT_SIZE = 72;

/** The spec's font choices, as the select names them. */
export const FONTS = ['Impact', 'Arial', 'Comic Sans MS', 'Courier New'] as const;
export type MemeFont = (typeof FONTS)[number];

/** Spec 9: Impact, 36, white. */
export const DEFAULT_FONT: MemeFont = 'Impact';
export const DEFAULT_FONT_SIZE = 36;
export const DEFAULT_COLOR = '#ffffff';

export const isMemeFont = (font: string): font is MemeFont => (FONTS as readonly string[]).includes(font);
