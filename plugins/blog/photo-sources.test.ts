import { describe, expect, it } from 'vitest';
import { cardImage, postImage } from './photo-sources';

const UPLOAD = 'https://toolbox.example/api/media/0b7c-1.png';

describe.each([
  { name: 'cardImage', sources: cardImage, sizes: '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw' },
  { name: 'postImage', sources: postImage, sizes: '(min-width: 48em) 720px, 100vw' },
])('$name', ({ sources, sizes }) => {
  it("offers the API's copies at each width for the width it is drawn at, the smallest as the fallback", () => {
    expect(sources(UPLOAD)).toEqual({
      src: `${UPLOAD}?width=400`,
      srcSet: `${UPLOAD}?width=400 400w, ${UPLOAD}?width=800 800w`,
      sizes,
    });
  });

  it('keeps a URL it cannot read as it is', () => {
    expect(sources('not a url')).toEqual({ src: 'not a url' });
  });
});
