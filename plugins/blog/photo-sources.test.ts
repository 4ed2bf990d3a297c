import { describe, expect, it } from 'vitest';
import { cardImage, postImage } from './photo-sources';

const UPLOAD = 'https://toolbox.example/api/media/0b7c-1.png';
const COPIES = `${UPLOAD}?width=400 400w, ${UPLOAD}?width=800 800w`;

describe('cardImage', () => {
  it("offers the API's copies at each width, the smallest as the fallback", () => {
    expect(cardImage(UPLOAD)).toEqual({
      src: `${UPLOAD}?width=400`,
      srcSet: COPIES,
      sizes: '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw',
    });
  });

  it('keeps a URL it cannot read as it is', () => {
    expect(cardImage('not a url')).toEqual({ src: 'not a url' });
  });
});

describe('postImage', () => {
  it("offers the same copies, for a photo the page's width on a phone and 720 px wide from sm", () => {
    expect(postImage(UPLOAD)).toEqual({
      src: `${UPLOAD}?width=400`,
      srcSet: COPIES,
      sizes: '(min-width: 48em) 720px, 100vw',
    });
  });

  it('keeps a URL it cannot read as it is', () => {
    expect(postImage('/api/media/0b7c-1.png')).toEqual({ src: '/api/media/0b7c-1.png' });
  });
});
