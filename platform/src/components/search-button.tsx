import { Button, Kbd } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { openToolSearch, prefetchToolSearch } from './tool-search';

/** Opens the tool search (also Ctrl+K, or Cmd+K on Apple systems). */
export function SearchButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const os = useOs();
  const apple = os === 'macos' || os === 'ios';
  return (
    <Button
      variant="default"
      fullWidth={fullWidth}
      justify={fullWidth ? 'space-between' : 'center'}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        <Kbd size="xs" visibleFrom="sm">
          {apple ? '⌘ K' : 'Ctrl K'}
        </Kbd>
      }
      onClick={openToolSearch}
      onMouseEnter={prefetchToolSearch}
      onFocus={prefetchToolSearch}
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
    >
      Search tools
    </Button>
  );
}
