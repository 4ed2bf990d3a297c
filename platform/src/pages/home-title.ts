import { SITE_NAME } from '@toolbox/sdk/react';

/** What the site is: Home's heading. */
export const TAGLINE = 'Everyday calculators and converters';

/** Home's document title, as prerendered and as the app sets it. */
export const HOME_TITLE = `${SITE_NAME} · ${TAGLINE}`;
