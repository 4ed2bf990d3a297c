import { describe, expect, it } from 'vitest';
import { cardImage } from './card-image';

describe('cardImage', () => {
  it("offers the API's copies at each width, the smallest as the fallback", () => {
    expect(cardImage('https://toolbox.example/api/media/0b7c-1.png')).toEqual({
      src: 'https://toolbox.example/api/media/0b7c-1.png?width=400',
      srcSet:
        'https://toolbox.example/api/media/0b7c-1.png?width=400 400w, https://toolbox.example/api/media/0b7c-1.png?width=800 800w',
      sizes: '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw',
    });
  });

  it('keeps a URL it cannot read as it is', () => {
    expect(cardImage('not a url')).toEqual({ src: 'not a url' });
  });
});
