import type { ToolManifest } from '@toolbox/sdk';

/**
 * Every tool plugin: each folder's manifest.ts, found at build time. Adding a folder adds a tool;
 * nothing else is edited. Metadata only: views and computes stay lazy.
 */
const manifests = import.meta.glob<{ default: ToolManifest }>('./*/manifest.ts', { eager: true });

export const tools: readonly ToolManifest[] = Object.values(manifests)
  .map((module) => module.default)
  .sort((a, b) => a.label.localeCompare(b.label));

export function findTool(slug: string): ToolManifest | undefined {
  return tools.find((tool) => tool.slug === slug);
}
