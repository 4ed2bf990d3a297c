/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): a script whose
 * first line is this comment has every function compiled eagerly, on a background thread while it
 * downloads, rather than each on the main thread the first time it is called. The scripts a page
 * runs as the app starts (React's hydration calls most of React, Mantine and the page's view) then
 * spend far less of their main-thread tasks compiling: decision 106. scripts/prerender.mjs adds it
 * to those scripts only; a script loaded later for one feature keeps V8's lazy compiling.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `code` with the compile hint as its first line (once, however often it is asked for). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}
