// Packages without their own types: only what the converters use.
declare module '@mixmark-io/domino' {
  const domino: { createDocument(html?: string, force?: boolean): unknown };
  export default domino;
}

declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
}
