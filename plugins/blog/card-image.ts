import { IMAGE_WIDTHS } from '@toolbox/sdk/wire';

/** How wide a card is: the grid has one column on phones, two from `sm`, three from `lg`. */
const CARD_SIZES = '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw';

/**
 * A card's image as the API's WebP copies at each width (`?width=`), for the browser to pick by the
 * card's size and the screen's density; the upload itself (up to 1600 px) when the URL is not one.
 */
export function cardImage(url: string): { src: string; srcSet?: string; sizes?: string } {
  let at: (width: number) => string;
  try {
    const base = new URL(url);
    at = (width) => {
      base.searchParams.set('width', String(width));
      return base.href;
    };
  } catch {
    return { src: url };
  }
  return {
    src: at(IMAGE_WIDTHS[0]),
    srcSet: IMAGE_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', '),
    sizes: CARD_SIZES,
  };
}
