import type { ComponentType } from 'react';
import type { GenericSchema } from 'valibot';
import { CATEGORIES, type Category } from './categories';
import type { Result } from './result';
import { byText } from './text-order';

/**
 * What a tool's view gathers from outside the form (exchange rates, the consumer price index,
 * today's date), as the API and the command line supply it to `gather`.
 */
export interface ToolContext {
  /** Today, `YYYY-MM-DD` (the server's UTC day; the command line's local day). */
  today: string;
  /** This year (the last year an inflation adjustment accepts). */
  currentYear: number;
  /** The USD-based table `{ CODE: units per USD }` (what GET /api/data/rates/ answers); undefined when unavailable. */
  rates(): Promise<Record<string, number> | undefined>;
  /** The CPI series of a country for a range of years, ascending; undefined when there is none. */
  cpi(country: string, start: number, end: number): Promise<{ year: number; value: number }[] | undefined>;
}

/** A plugin's compute module: `compute(input)` and the valibot `inputSchema` that checks raw input. */
export interface ComputeModule<O = unknown> {
  /** Typed by each plugin; the platform hands it raw form values, which the schema checks. */
  compute: (input: never) => Result<O> | Promise<Result<O>>;
  inputSchema: GenericSchema;
  /**
   * Off the browser (API, command line): adds to the caller's input what the view gathers itself
   * (its `extra`): rates, CPI, today's date. Pure: the outside data arrives through `context`.
   */
  gather?: (input: Record<string, unknown>, context: ToolContext) => Promise<Record<string, unknown>>;
  /** Input fields `gather` always fills: left out of the input the API and the command line document. */
  gathered?: readonly string[];
}

/** How the API and the command line take a tool's input; by default its fields as JSON (or a query). */
export interface ToolServerInput {
  /**
   * The tool runs only in the browser (it needs the DOM, a canvas, …): the API answers 501 and the
   * command line exits with this reason.
   */
  browserOnly?: string;
  /**
   * Fields that are files: the API takes the input as multipart/form-data (each file arrives in the
   * input as `{ name, type, bytes: Uint8Array }`, other parts as text); the command line reads
   * `--<field> <path>`.
   */
  files?: readonly string[];
}

export interface ToolDefinition {
  /** Permanent id: the folder name and the route without its slash. Bookmarks hang on it; never rename. */
  slug: string;
  label: string;
  category: Category;
  /** One sentence shown under the title and in search results. */
  description: string;
  /** Extra words the search matches (synonyms, unit names). */
  keywords?: readonly string[];
  /** The view, loaded lazily in its own chunk. Its `compute.ts` is found by folder (`plugins/computes.ts`). */
  view: () => Promise<{ default: ComponentType }>;
  /** How the API and the command line take the input (default: JSON fields). */
  server?: ToolServerInput;
}

export interface ToolManifest extends ToolDefinition {
  kind: 'tool';
  /** `/${slug}`: permanent, like the slug. */
  route: string;
  keywords: readonly string[];
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Declares a tool plugin. Metadata is eager; the view is lazy; the worker loads `compute.ts` by folder. */
export function defineTool(definition: ToolDefinition): ToolManifest {
  if (!SLUG.test(definition.slug)) throw new Error(`Tool slug "${definition.slug}" must be kebab-case`);
  if (!CATEGORIES.includes(definition.category)) {
    throw new Error(`Tool "${definition.slug}" has unknown category "${definition.category}"`);
  }
  return { kind: 'tool', ...definition, route: `/${definition.slug}`, keywords: definition.keywords ?? [] };
}

/**
 * A tool as the browser's registry holds it: its manifest less its keywords, which only the tool
 * search needs and which it loads with itself (`@toolbox/plugins/search-words`): every first visit
 * carries the registry, so its words would weigh on every page (decision 147).
 */
export type ToolEntry = Omit<ToolManifest, 'keywords'>;

/**
 * Case-insensitive match of every word of `query` against label, slug, category, description and
 * `keywords` (the tool's, where the caller has them).
 */
export function matchesTool(tool: ToolEntry, query: string, keywords: readonly string[] = []): boolean {
  const haystack = [tool.label, tool.slug, tool.category, tool.description, ...keywords]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Tools grouped by category in the spec's order; categories without tools are kept (empty). */
export function groupByCategory<T extends ToolEntry>(
  tools: readonly T[],
): { category: Category; tools: T[] }[] {
  return CATEGORIES.map((category) => ({
    category,
    tools: tools.filter((t) => t.category === category).sort((a, b) => byText(a.label, b.label)),
  }));
}
