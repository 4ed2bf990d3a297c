/** The plugin's own paths (one definition; the manifest's routes are these). */
export const SAVED_PATH = '/saved';
export const COMPARE_PATH = '/saved/compare';
/** How many calculations the comparison takes. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
