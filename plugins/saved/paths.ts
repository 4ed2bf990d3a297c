/** The plugin's own paths (one definition; the manifest's routes are these). */
export const SAVED_PATH = '/saved';
export const COMPARE_PATH = '/saved/compare';
/** The comparison's one key of its query: the saved calculations' ids, `?ids=3,7`. */
export const COMPARE_IDS_KEY = 'ids';
/** How many calculations the comparison takes. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
