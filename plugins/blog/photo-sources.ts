import { IMAGE_WIDTHS } from '@toolbox/sdk/wire';
import type { CSSProperties } from 'react';
import type { Post } from './types';

/** How wide a card is: the grid has one column on phones, two from `sm`, three from `lg`. */
const CARD_SIZES = '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw';
/**
 * The box a post's photo is drawn in, held before the photo arrives (decisions 139 and 143): the
 * photo's own shape when the API knows its size, else a photo's usual shape (3 : 2); the page's
 * width and at most `maxHeight` high, centred. The photo is contained in it.
 */
export const POST_PHOTO_BOX = { width: 3, height: 2, maxHeight: 480 } as const;

/** The style of a post's photo box (see POST_PHOTO_BOX). */
export function postPhotoBox({
  image_width,
  image_height,
}: Pick<Post, 'image_width' | 'image_height'>): CSSProperties {
  const [width, height] =
    image_width && image_height ? [image_width, image_height] : [POST_PHOTO_BOX.width, POST_PHOTO_BOX.height];
  return {
    aspectRatio: `${width} / ${height}`,
    maxWidth: `min(100%, ${Math.round((POST_PHOTO_BOX.maxHeight * width) / height)}px)`,
    maxHeight: POST_PHOTO_BOX.maxHeight,
  };
}
/** How wide a post's photo is drawn: the page's width on a phone, the box's widest from `sm`. */
const POST_SIZES = `(min-width: 48em) ${(POST_PHOTO_BOX.maxHeight * POST_PHOTO_BOX.width) / POST_PHOTO_BOX.height}px, 100vw`;

/**
 * A photo as the API's WebP copies at each width (`?width=`), for the browser to pick by the size
 * it is drawn at (`sizes`) and the screen's density; the upload itself (up to 1600 px) when the URL
 * is not one.
 */
function photoSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
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
    sizes,
  };
}

/** A post card's image (post-card.tsx). */
export const cardImage = (url: string) => photoSources(url, CARD_SIZES);

/** A post's photo on its own page (post-view.tsx). */
export const postImage = (url: string) => photoSources(url, POST_SIZES);
