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

/** What a post says of its photo's size. */
type PhotoSize = Pick<Post, 'image_width' | 'image_height'>;

/** The shape of a post's photo box: the photo's own when the API knows its size, else 3 : 2. */
const boxShape = ({ image_width, image_height }: PhotoSize): [number, number] =>
  image_width && image_height ? [image_width, image_height] : [POST_PHOTO_BOX.width, POST_PHOTO_BOX.height];

/** The widest a post's photo is drawn, in CSS pixels: as wide as the box's height allows at its shape. */
function widest(size: PhotoSize): number {
  const [width, height] = boxShape(size);
  return Math.round((POST_PHOTO_BOX.maxHeight * width) / height);
}

/** The style of a post's photo box (see POST_PHOTO_BOX). */
export function postPhotoBox(size: PhotoSize): CSSProperties {
  const [width, height] = boxShape(size);
  return {
    aspectRatio: `${width} / ${height}`,
    maxWidth: `min(100%, ${widest(size)}px)`,
    maxHeight: POST_PHOTO_BOX.maxHeight,
  };
}

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

/** A post's photo on its own page (post-view.tsx): drawn the page's width, at most its widest. */
export const postImage = (url: string, size: PhotoSize) => photoSources(url, `min(100vw, ${widest(size)}px)`);
