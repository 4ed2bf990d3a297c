import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { ToolEntry } from '../tool';

const ToolContext = createContext<ToolEntry | null>(null);

/**
 * What the page around a tool's view does with its calculations (the platform's tool page: recent
 * tools, the Save action). A view never uses it directly: `useToolForm` and `ToolOutcome` do.
 */
export interface ToolActivity {
  /**
   * A calculation succeeded. `input` is what the URL holds; `restored` is true when it came from a
   * link (not made on this page).
   */
  computed(input: Record<string, unknown>, restored: boolean): void;
  /**
   * The page's query holds none of the form's fields (none at all, or only keys the form does not
   * read: `?src=newsletter`): no link's answer is coming. Said once, as the form mounts.
   */
  noLinkInput?(): void;
  /** Shown beside the result's copy button, given the result's text (the Save action). */
  ResultActions?: ComponentType<{ text: string }>;
}

const ToolActivityContext = createContext<ToolActivity | null>(null);

/** The platform's tool page puts its manifest around the view, so a view never repeats its slug. */
export function ToolProvider({
  tool,
  activity = null,
  children,
}: {
  tool: ToolEntry;
  activity?: ToolActivity | null;
  children: ReactNode;
}) {
  return (
    <ToolContext.Provider value={tool}>
      <ToolActivityContext.Provider value={activity}>{children}</ToolActivityContext.Provider>
    </ToolContext.Provider>
  );
}

/** The manifest of the tool whose page is open. */
export function useTool(): ToolEntry {
  const tool = useContext(ToolContext);
  if (!tool) throw new Error('useTool needs a <ToolProvider> (the platform’s tool page provides it)');
  return tool;
}

/** The page's `ToolActivity`, or null outside a tool page (tests, the compare view). */
export function useToolActivity(): ToolActivity | null {
  return useContext(ToolActivityContext);
}
