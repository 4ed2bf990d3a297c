/** The tool search's keyboard shortcut: Ctrl+K, or Cmd+K on Apple systems (no Alt, no Shift). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}
