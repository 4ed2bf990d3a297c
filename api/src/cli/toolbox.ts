/**
 * The command line of the tools: `npx toolbox <slug> --field value …` (or `npm run tool -- …` at
 * the repository's root). Runs the tool's compute in this process on the same registry the API
 * serves, prints the result's text (`--json`: the whole value), and exits non-zero with the tool's
 * message on bad input. `--help` lists the tools; `<slug> --help` a tool's fields, from its schema.
 *
 * Outside data (exchange rates, CPI): from a running API when TOOLBOX_API (or `--api <origin>`) is
 * set, as the pages get it; otherwise the offline rates snapshot and no CPI.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ToolContext } from '@toolbox/sdk';
import { OFFLINE_RATES } from '../data/rates';
import type { JsonSchema } from '../tools/json-schema';
import { createToolRegistry, type ToolEntry } from '../tools/registry';

export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Plugin folders; default this repository's `plugins/`. */
  pluginDirs?: readonly string[];
  now?: Date;
}

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
};

interface Parsed {
  slug: string | undefined;
  fields: Record<string, string | string[]>;
  json: boolean;
  help: boolean;
  api: string | undefined;
}

function parseArgs(args: readonly string[]): Parsed | string {
  const parsed: Parsed = { slug: undefined, fields: {}, json: false, help: false, api: undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--json') parsed.json = true;
    else if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      let value: string;
      if (eq !== -1) value = arg.slice(eq + 1);
      else {
        const next = args[i + 1];
        if (next === undefined) return `--${name} needs a value.`;
        value = next;
        i++;
      }
      if (name === 'api') parsed.api = value;
      else {
        const previous = parsed.fields[name];
        parsed.fields[name] = previous === undefined ? value : [...[previous].flat(), value];
      }
    } else if (parsed.slug === undefined) parsed.slug = arg;
    else return `Unexpected argument "${arg}": fields are given as --name value.`;
  }
  return parsed;
}

type Props = Record<
  string,
  JsonSchema & { type?: unknown; enum?: unknown[]; const?: unknown; default?: unknown }
>;

/** The alternatives of an input (a variant's objects), or the object itself. */
function objectsOf(schema: JsonSchema): { properties: Props; required: string[] }[] {
  const s = schema as { oneOf?: JsonSchema[]; anyOf?: JsonSchema[]; properties?: Props; required?: string[] };
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return alternatives.flatMap(objectsOf);
  return [{ properties: s.properties ?? {}, required: s.required ?? [] }];
}

function describeField(name: string, field: Props[string], required: boolean): string {
  let kind: string;
  if (field.const !== undefined) kind = `= ${String(field.const)}`;
  else if (Array.isArray(field.enum)) kind = `one of: ${field.enum.join(', ')}`;
  else if (field.type === 'array' || field.type === 'object') kind = `${String(field.type)} as JSON`;
  else kind = typeof field.type === 'string' ? field.type : 'text';
  // Fields the form starts blank ('' by default) are not optional: the tool says when one is missing.
  const given = field.default !== undefined && field.default !== '' && !required;
  return `    --${name}  ${kind}${given ? ` (default: ${JSON.stringify(field.default)})` : ''}`;
}

export function toolHelp(tool: ToolEntry): string {
  const { manifest } = tool;
  const lines = [`${manifest.label} (${manifest.slug}): ${manifest.description}`, ''];
  if (tool.inputKind === 'browser-only') {
    lines.push(`Runs only in the browser: ${manifest.server?.browserOnly ?? ''}`);
    return lines.join('\n');
  }
  const objects = objectsOf(tool.inputJsonSchema);
  objects.forEach(({ properties, required }, index) => {
    lines.push(objects.length > 1 ? `  Form ${index + 1}:` : '  Fields:');
    for (const [name, field] of Object.entries(properties)) {
      lines.push(describeField(name, field, required.includes(name) || field.const !== undefined));
    }
  });
  const files = manifest.server?.files ?? [];
  if (files.length) lines.push('', `  File fields (a path): ${files.map((name) => `--${name}`).join(', ')}`);
  lines.push('', `  npx toolbox ${manifest.slug} --<field> <value> … [--json]`);
  return lines.join('\n');
}

export function listHelp(tools: readonly ToolEntry[]): string {
  const width = Math.max(...tools.map((tool) => tool.manifest.slug.length));
  return [
    'Usage: npx toolbox <tool> --<field> <value> … [--json]',
    '       npx toolbox <tool> --help      the fields of a tool',
    '',
    'Tools:',
    ...tools.map(({ manifest }) => `  ${manifest.slug.padEnd(width)}  ${manifest.description}`),
    '',
    'Numbers may be written as text (12.5). --json prints the whole result as JSON.',
    'Exchange rates: the offline snapshot, or a running API with TOOLBOX_API=http://host:port.',
  ].join('\n');
}

/** The data a view gathers: from a running API when `api` is set, else offline. */
function cliContext(api: string | undefined, now: Date): ToolContext {
  const pad = (n: number) => String(n).padStart(2, '0');
  const getJson = async (path: string) => {
    const res = await fetch(new URL(path, api));
    return res.ok ? ((await res.json()) as unknown) : undefined;
  };
  return {
    today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    currentYear: now.getFullYear(),
    rates: async () =>
      api
        ? ((await getJson('/api/data/rates/')) as { rates?: Record<string, number> } | undefined)?.rates
        : OFFLINE_RATES.rates,
    cpi: async (country, start, end) =>
      api
        ? (
            (await getJson(
              `/api/data/cpi/?country=${encodeURIComponent(country)}&start=${start}&end=${end}`,
            )) as { series?: { year: number; value: number }[] } | undefined
          )?.series
        : undefined,
  };
}

/** Field values as the compute takes them: text; JSON for array and object fields; files read. */
async function toInput(tool: ToolEntry, fields: Parsed['fields']): Promise<Record<string, unknown>> {
  const kinds = new Map<string, unknown>();
  for (const { properties } of objectsOf(tool.inputJsonSchema)) {
    for (const [name, field] of Object.entries(properties)) kinds.set(name, field.type);
  }
  const files = tool.manifest.server?.files ?? [];
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (files.includes(name) && typeof value === 'string') {
      input[name] = { name: basename(value), type: '', bytes: new Uint8Array(await readFile(value)) };
    } else if ((kinds.get(name) === 'array' || kinds.get(name) === 'object') && typeof value === 'string') {
      try {
        input[name] = JSON.parse(value);
      } catch {
        throw new UsageError(`--${name} must be JSON (e.g. '[{"name":"flour","quantity":200,"unit":"g"}]').`);
      }
    } else input[name] = value;
  }
  return input;
}

class UsageError extends Error {}

/** Text of a result: its `text` when it has one, else the value itself. */
function resultText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') {
    return (value as { text: string }).text;
  }
  return JSON.stringify(value, null, 2);
}

export async function main(args: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.err(parsed);
    return EXIT.usage;
  }
  const registry = createToolRegistry(io.pluginDirs);
  const tools = await registry.all();
  if (!parsed.slug) {
    (parsed.help ? io.out : io.err)(listHelp(tools));
    return parsed.help ? EXIT.ok : EXIT.usage;
  }
  const tool = tools.find((entry) => entry.manifest.slug === parsed.slug);
  if (!tool) {
    io.err(`Unknown tool: ${parsed.slug}. \`npx toolbox --help\` lists the tools.`);
    return EXIT.usage;
  }
  if (parsed.help) {
    io.out(toolHelp(tool));
    return EXIT.ok;
  }
  if (tool.inputKind === 'browser-only') {
    io.err(`${tool.manifest.label} runs only in the browser: ${tool.manifest.server?.browserOnly ?? ''}`);
    return EXIT.usage;
  }
  try {
    const given = await toInput(tool, parsed.fields);
    const api = parsed.api ?? io.env.TOOLBOX_API;
    const context = cliContext(api || undefined, io.now ?? new Date());
    const input = tool.module.gather ? await tool.module.gather(given, context) : given;
    const result = await tool.module.compute(input as never);
    if (!result.ok) {
      io.err(result.error);
      return EXIT.refused;
    }
    io.out(parsed.json ? JSON.stringify(result.value, null, 2) : resultText(result.value));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return EXIT.usage;
    }
    throw error;
  }
}
