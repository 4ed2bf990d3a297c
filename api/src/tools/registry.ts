/**
 * The tools as the API and the command line see them: each discovered plugin with its input's
 * JSON Schema (from its valibot `inputSchema`, without the fields `gather` fills) and how it takes
 * its input. Discovered once, on first use.
 */
import type { ToolManifest } from '@toolbox/sdk';
import { type DiscoveredTool, discoverTools, PLUGINS_DIR } from './discover';
import { type JsonSchema, jsonSchemaOf, withoutProperties } from './json-schema';

/** `json`: fields as a JSON body or a query; `multipart`: files among them; `browser-only`: not off the browser. */
export type ToolInputKind = 'json' | 'multipart' | 'browser-only';

export interface ToolEntry extends DiscoveredTool {
  inputKind: ToolInputKind;
  /** The input the caller sends, as JSON Schema. */
  inputJsonSchema: JsonSchema;
}

/** One tool as `GET /api/tools/` lists it. */
export interface ToolSummary {
  slug: string;
  label: string;
  category: string;
  description: string;
  keywords: readonly string[];
  /** The tool's page in the web app. */
  page: string;
  /** Where to run it: POST a JSON body, or GET with a query. */
  url: string;
  input: ToolInputKind;
  /** Why the tool runs only in the browser (input `browser-only`). */
  browser_only?: string;
  /** The input as JSON Schema (the API's names are snake_case throughout). */
  input_schema: JsonSchema;
}

export function inputKindOf(manifest: ToolManifest): ToolInputKind {
  if (manifest.server?.browserOnly) return 'browser-only';
  if (manifest.server?.files?.length) return 'multipart';
  return 'json';
}

export function toolApiPath(slug: string): string {
  return `/api/tools/${slug}/`;
}

export function toSummary({ manifest, inputKind, inputJsonSchema }: ToolEntry): ToolSummary {
  return {
    slug: manifest.slug,
    label: manifest.label,
    category: manifest.category,
    description: manifest.description,
    keywords: manifest.keywords,
    page: manifest.route,
    url: toolApiPath(manifest.slug),
    input: inputKind,
    ...(manifest.server?.browserOnly ? { browser_only: manifest.server.browserOnly } : {}),
    input_schema: inputJsonSchema,
  };
}

export interface ToolRegistry {
  all(): Promise<readonly ToolEntry[]>;
  find(slug: string): Promise<ToolEntry | undefined>;
}

/** The tools under `dirs` (default: this repository's `plugins/`), discovered on first use. */
export function createToolRegistry(dirs: readonly string[] = [PLUGINS_DIR]): ToolRegistry {
  let loading: Promise<ToolEntry[]> | undefined;
  const all = () => {
    loading ??= discoverTools(dirs).then((tools) =>
      tools.map((tool) => ({
        ...tool,
        inputKind: inputKindOf(tool.manifest),
        inputJsonSchema: withoutProperties(jsonSchemaOf(tool.module.inputSchema), tool.module.gathered ?? []),
      })),
    );
    // A failed discovery (a broken plugin) is retried on the next request rather than kept.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    all,
    find: async (slug) => (await all()).find((tool) => tool.manifest.slug === slug),
  };
}
