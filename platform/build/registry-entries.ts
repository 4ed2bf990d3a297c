import { type Plugin, parseAst } from 'vite';

/** A manifest as the registry imports it (`plugins/registry.ts`): the first page's copy. */
const REGISTRY_ENTRY = /[\\/]plugins[\\/][a-z0-9-]+[\\/]manifest\.ts\?entry$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every `keywords: …` property of an object literal in `node`, depth first. */
function keywordsProperties(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const item of node) keywordsProperties(item, found);
  } else if (node !== null && typeof node === 'object') {
    const current = node as Node;
    const key = current.key as Node | undefined;
    if (current.type === 'Property' && key?.type === 'Identifier' && key.name === 'keywords')
      found.push(current);
    for (const value of Object.values(current))
      if (typeof value === 'object') keywordsProperties(value, found);
  }
  return found;
}

/** `code` (a manifest, as JavaScript) with the value of each `keywords` property replaced by `[]`. */
export function withoutKeywords(code: string): string {
  let out = code;
  for (const property of keywordsProperties(parseAst(code)).sort((a, b) => b.start - a.start)) {
    // `{ keywords }` names its value once: the whole property is rewritten.
    const { start, end } = property.shorthand ? property : (property.value as Node);
    out = `${out.slice(0, start)}${property.shorthand ? 'keywords: []' : '[]'}${out.slice(end)}`;
  }
  return out;
}

/**
 * The first page's registry without the tools' keywords (decision 147): each manifest the registry
 * imports has `keywords: []`. The search has them from `plugins/search-words.ts`, which imports the
 * manifests whole and loads with it.
 */
export function registryEntries(): Plugin {
  return {
    name: 'toolbox:registry-entries',
    // After TypeScript has become JavaScript.
    enforce: 'post',
    transform(code, id) {
      return REGISTRY_ENTRY.test(id) ? { code: withoutKeywords(code), map: null } : null;
    },
  };
}
