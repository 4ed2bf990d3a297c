import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { MEME_HEIGHT, MEME_WIDTH } from './choices';
import { compute } from './compute';
import { LINE_HEIGHT, layoutMeme, MEME_MARGIN, type MeasureText } from './layout';

/** A monospaced face: every character is half an em wide. */
const mono: MeasureText = (text, fontSize) => text.length * fontSize * 0.5;
/** The widest line the default canvas takes. */
const LINE_WIDTH = MEME_WIDTH - 2 * MEME_MARGIN;
const texts = (lines: { text: string }[]) => lines.map((line) => line.text);

describe('layoutMeme', () => {
  it('upper-cases a short caption and centres it, top near the top, bottom near the bottom', () => {
    const layout = layoutMeme({
      topText: 'one does not',
      bottomText: 'simply walk',
      fontSize: 36,
      measure: mono,
    });
    expect(layout.fontSize).toBe(36);
    expect(layout.top).toEqual([{ text: 'ONE DOES NOT', x: 300, y: MEME_MARGIN }]);
    expect(layout.bottom).toEqual([
      { text: 'SIMPLY WALK', x: 300, y: MEME_HEIGHT - MEME_MARGIN - 36 * LINE_HEIGHT },
    ]);
  });

  it('wraps at word boundaries so no line is wider than the canvas minus its margins', () => {
    const topText = 'when you finally understand how the word wrap of a meme generator works';
    const layout = layoutMeme({ topText, bottomText: '', fontSize: 40, measure: mono });
    expect(layout.fontSize).toBe(40);
    expect(layout.top.length).toBeGreaterThan(1);
    expect(texts(layout.top).join(' ')).toBe(topText.toUpperCase());
    for (const line of layout.top) expect(mono(line.text, 40)).toBeLessThanOrEqual(LINE_WIDTH);
    // Greedy: each line but the last could not take the next word.
    for (let i = 0; i + 1 < layout.top.length; i++) {
      const next = texts(layout.top)[i + 1]?.split(' ')[0];
      expect(mono(`${layout.top[i]?.text} ${next}`, 40)).toBeGreaterThan(LINE_WIDTH);
    }
    // Lines stack one line height apart from the top margin.
    layout.top.forEach((line, i) => {
      expect(line.y).toBeCloseTo(MEME_MARGIN + i * 40 * LINE_HEIGHT, 9);
      expect(line.x).toBe(300);
    });
  });

  it('stacks bottom lines so the last one ends at the bottom margin', () => {
    const layout = layoutMeme({
      topText: '',
      bottomText: 'a caption that needs two lines', // 23 characters a line at 48 px
      fontSize: 48,
      measure: mono,
    });
    expect(layout.bottom).toHaveLength(2);
    const lineHeight = 48 * LINE_HEIGHT;
    expect(layout.bottom[1]?.y).toBeCloseTo(MEME_HEIGHT - MEME_MARGIN - lineHeight, 9);
    expect(layout.bottom[0]?.y).toBeCloseTo(MEME_HEIGHT - MEME_MARGIN - 2 * lineHeight, 9);
  });

  it('gives no lines for empty or blank text, and collapses runs of spaces', () => {
    expect(layoutMeme({ topText: '', bottomText: '', fontSize: 36, measure: mono })).toEqual({
      fontSize: 36,
      top: [],
      bottom: [],
    });
    const blankTop = layoutMeme({
      topText: '   \t ',
      bottomText: '  bottom   only ',
      fontSize: 36,
      measure: mono,
    });
    expect(blankTop.top).toEqual([]);
    expect(texts(blankTop.bottom)).toEqual(['BOTTOM ONLY']);
    const blankBottom = layoutMeme({ topText: 'top only', bottomText: '', fontSize: 36, measure: mono });
    expect(texts(blankBottom.top)).toEqual(['TOP ONLY']);
    expect(blankBottom.bottom).toEqual([]);
  });

  it.each([
    [8, 12],
    [12, 12],
    [72, 72],
    [100, 72],
    [36.4, 36],
    [Number.NaN, 36],
    [Number.POSITIVE_INFINITY, 36],
  ])('clamps the font size %d to %d', (asked, used) => {
    expect(layoutMeme({ topText: 'hi', bottomText: '', fontSize: asked, measure: mono }).fontSize).toBe(used);
  });

  it('shrinks the font until a very long word fits on one line', () => {
    const word = 'supercalifragilisticexpialidocious'; // 34 characters
    const layout = layoutMeme({ topText: word, bottomText: '', fontSize: 72, measure: mono });
    // 34 × 0.5 × size ≤ 568 → size ≤ 33.4
    expect(layout.fontSize).toBe(33);
    expect(texts(layout.top)).toEqual([word.toUpperCase()]);
  });

  it('breaks a word that does not fit even at 12 across lines, none wider than the canvas', () => {
    const word = 'A'.repeat(250);
    const layout = layoutMeme({ topText: `x ${word} y`, bottomText: '', fontSize: 36, measure: mono });
    expect(layout.fontSize).toBe(12);
    // 568 / 6 = 94 characters a line at 12 px.
    expect(texts(layout.top)).toEqual(['X', 'A'.repeat(94), 'A'.repeat(94), `${'A'.repeat(62)} Y`]);
    for (const line of layout.top) expect(mono(line.text, 12)).toBeLessThanOrEqual(LINE_WIDTH);
  });

  it('shrinks the font when the text is too tall for the canvas', () => {
    const sentence = 'this caption keeps going and going ';
    const layout = layoutMeme({
      topText: sentence.repeat(6),
      bottomText: sentence.repeat(6),
      fontSize: 72,
      measure: mono,
    });
    expect(layout.fontSize).toBeLessThan(72);
    expect(layout.fontSize).toBeGreaterThan(12);
    const lines = layout.top.length + layout.bottom.length;
    expect(lines * layout.fontSize * LINE_HEIGHT).toBeLessThanOrEqual(MEME_HEIGHT - 2 * MEME_MARGIN);
    // One pixel larger would not have fitted.
    const larger = layoutMeme({
      topText: sentence.repeat(6),
      bottomText: sentence.repeat(6),
      fontSize: layout.fontSize + 1,
      measure: mono,
    });
    expect(larger.fontSize).toBe(layout.fontSize);
    // The bottom block still ends at the bottom margin.
    const last = layout.bottom.at(-1);
    expect((last?.y ?? 0) + layout.fontSize * LINE_HEIGHT).toBeCloseTo(MEME_HEIGHT - MEME_MARGIN, 9);
  });

  it('stops shrinking at 12 when the text cannot fit, and still lays out every word', () => {
    const text = 'word '.repeat(600).trim();
    const layout = layoutMeme({ topText: text, bottomText: text, fontSize: 72, measure: mono });
    expect(layout.fontSize).toBe(12);
    expect(texts(layout.top).join(' ')).toBe(text.toUpperCase());
    expect(texts(layout.bottom).join(' ')).toBe(text.toUpperCase());
    for (const line of [...layout.top, ...layout.bottom]) {
      expect(mono(line.text, 12)).toBeLessThanOrEqual(LINE_WIDTH);
    }
  });

  it('follows the given canvas size and measure', () => {
    const wide: MeasureText = (text, fontSize) => text.length * fontSize;
    const layout = layoutMeme({
      topText: 'abc def',
      bottomText: 'ghi',
      fontSize: 20,
      width: 200,
      height: 300,
      measure: wide,
    });
    // 200 − 32 = 168 px a line: "ABC DEF" is 140 px at 20.
    expect(layout.top).toEqual([{ text: 'ABC DEF', x: 100, y: MEME_MARGIN }]);
    expect(layout.bottom).toEqual([{ text: 'GHI', x: 100, y: 300 - MEME_MARGIN - 20 * LINE_HEIGHT }]);
  });

  it('upper-cases letters beyond ASCII', () => {
    const layout = layoutMeme({ topText: 'straße café', bottomText: '', fontSize: 36, measure: mono });
    expect(texts(layout.top)).toEqual(['STRASSE CAFÉ']);
  });
});

describe('meme-converter compute', () => {
  it('checks a caption and lays it out with the estimated measure', () => {
    const value = expectOk(
      compute({ topText: 'top', bottomText: 'bottom', font: 'Impact', fontSize: '36', color: '#FFFFFF' }),
    );
    expect(value).toMatchObject({
      topText: 'top',
      bottomText: 'bottom',
      font: 'Impact',
      color: '#ffffff',
      fontSize: 36,
    });
    expect(texts(value.top)).toEqual(['TOP']);
    expect(texts(value.bottom)).toEqual(['BOTTOM']);
  });

  it('defaults the font, colour and texts', () => {
    expect(expectOk(compute({ fontSize: 20 } as never))).toMatchObject({
      topText: '',
      bottomText: '',
      font: 'Impact',
      color: '#ffffff',
      fontSize: 20,
      top: [],
      bottom: [],
    });
  });

  it.each([[''], ['abc'], [11], [73], [null], [Number.NaN]])('refuses the font size %j', (fontSize) => {
    expect(
      expectError(compute({ topText: 'a', bottomText: 'b', font: 'Arial', fontSize, color: '#000000' })),
    ).toBe('Please enter a font size from 12 to 72.');
  });

  it('refuses an unknown font, a colour that is not #rrggbb, and an overlong caption', () => {
    const base = { topText: 'a', bottomText: 'b', font: 'Arial' as const, fontSize: 36, color: '#000000' };
    expect(expectError(compute({ ...base, font: 'Papyrus' as never }))).toBe('Please pick one of the fonts.');
    expect(expectError(compute({ ...base, color: 'red' }))).toBe('Please pick a font colour.');
    expect(expectError(compute({ ...base, topText: 'x'.repeat(501) }))).toBe(
      'Keep the top text under 500 characters.',
    );
    expect(expectError(compute({ ...base, bottomText: 5 as never }))).toBe(
      'Keep the bottom text under 500 characters.',
    );
  });
});
