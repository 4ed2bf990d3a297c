import { createContext, type ReactNode, useContext } from 'react';
import type { ToolManifest } from '../tool';

const ToolContext = createContext<ToolManifest | null>(null);

/** The platform's tool page puts its manifest around the view, so a view never repeats its slug. */
export function ToolProvider({ tool, children }: { tool: ToolManifest; children: ReactNode }) {
  return <ToolContext.Provider value={tool}>{children}</ToolContext.Provider>;
}

/** The manifest of the tool whose page is open. */
export function useTool(): ToolManifest {
  const tool = useContext(ToolContext);
  if (!tool) throw new Error('useTool needs a <ToolProvider> (the platform’s tool page provides it)');
  return tool;
}
