import { type Plugin, parseAst } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every node of `node` that `wanted` picks, depth first. */
function nodesOf(node: unknown, wanted: (node: Node) => boolean, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const item of node) nodesOf(item, wanted, found);
  } else if (node !== null && typeof node === 'object') {
    const current = node as Node;
    if (wanted(current)) found.push(current);
    for (const value of Object.values(current)) if (typeof value === 'object') nodesOf(value, wanted, found);
  }
  return found;
}

/** `code` with each `[start, end)` range of `edits` replaced by its text (ranges do not overlap). */
function edited(code: string, edits: { start: number; end: number; text: string }[]): string {
  let out = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  }
  return out;
}

/** `code` (a manifest, as JavaScript) with the value of each `keywords` property replaced by `[]`. */
export function withoutKeywords(code: string): string {
  const properties = nodesOf(parseAst(code), (node) => {
    const key = node.key as Node | undefined;
    return node.type === 'Property' && key?.type === 'Identifier' && key.name === 'keywords';
  });
  return edited(
    code,
    properties.map((property) =>
      // `{ keywords }` names its value once: the whole property is rewritten.
      property.shorthand
        ? { start: property.start, end: property.end, text: 'keywords: []' }
        : { ...(property.value as Node), text: '[]' },
    ),
  );
}

/** `code` with each dynamic `import(…)` replaced by `null`: a copy that loads nothing lazily. */
export function withoutLazyImports(code: string): string {
  const imports = nodesOf(parseAst(code), (node) => node.type === 'ImportExpression');
  // An import inside another's arguments is gone with it.
  const outer = imports.filter(
    (node) => !imports.some((other) => other !== node && other.start <= node.start && node.end <= other.end),
  );
  return edited(
    code,
    outer.map(({ start, end }) => ({ start, end, text: 'null' })),
  );
}

/**
 * The two copies of a manifest the browser's build makes besides the manifest itself (decision
 * 147): the registry's (`?entry`, what the first page loads) without the tools' keywords, and the
 * search's (`?words`, loaded with the search) without the views' and slots' imports, which it never
 * opens.
 */
const COPIES = { entry: withoutKeywords, words: withoutLazyImports };
/** A plugin's manifest, or one of its copies (the copy's name in the first group). */
const MANIFEST = /[\\/]plugins[\\/][a-z0-9-]+[\\/]manifest\.ts(?:\?(entry|words))?$/;

/** Whether the module `id` is a plugin's manifest, itself or a copy of it. */
export const isManifest = (id: string) => MANIFEST.test(id);

export function registryEntries(): Plugin {
  return {
    name: 'toolbox:registry-entries',
    // After TypeScript has become JavaScript.
    enforce: 'post',
    transform(code, id) {
      const copy = MANIFEST.exec(id)?.[1] as keyof typeof COPIES | undefined;
      return copy ? { code: COPIES[copy](code), map: null } : null;
    },
  };
}
