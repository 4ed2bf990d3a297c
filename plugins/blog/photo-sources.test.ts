import { describe, expect, it } from 'vitest';
import { cardImage, postImage, postPhotoBox } from './photo-sources';

const UPLOAD = 'https://toolbox.example/api/media/0b7c-1.png';

describe.each([
  { name: 'cardImage', sources: cardImage, sizes: '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw' },
  {
    name: 'postImage, a 3 : 2 photo',
    sources: (url: string) => postImage(url, { image_width: 1200, image_height: 800 }),
    sizes: 'min(100vw, 720px)',
  },
  {
    name: 'postImage, a tall photo',
    sources: (url: string) => postImage(url, { image_width: 800, image_height: 1200 }),
    sizes: 'min(100vw, 320px)',
  },
  {
    name: 'postImage, a photo of unknown size',
    sources: (url: string) => postImage(url, { image_width: null, image_height: null }),
    sizes: 'min(100vw, 720px)',
  },
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

describe('postPhotoBox', () => {
  it("holds the photo's own shape, at most 480 px high and the page's width", () => {
    expect(postPhotoBox({ image_width: 1200, image_height: 800 })).toEqual({
      aspectRatio: '1200 / 800',
      maxWidth: 'min(100%, 720px)',
      maxHeight: 480,
    });
    // A tall photo is drawn narrower, not in a wide box with space beside it.
    expect(postPhotoBox({ image_width: 600, image_height: 1200 })).toMatchObject({
      aspectRatio: '600 / 1200',
      maxWidth: 'min(100%, 240px)',
    });
  });

  it('holds a 3 : 2 box for a photo stored before the API kept its size', () => {
    expect(postPhotoBox({ image_width: null, image_height: null })).toEqual({
      aspectRatio: '3 / 2',
      maxWidth: 'min(100%, 720px)',
      maxHeight: 480,
    });
  });
});
