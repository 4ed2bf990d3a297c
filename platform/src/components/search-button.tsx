import { IconSearch } from '@tabler/icons-react';
import { Button, Kbd } from '@toolbox/sdk/react';
import { useSyncExternalStore } from 'react';
import { openToolSearch, prefetchToolSearch } from './tool-search';

const noSubscription = () => () => {};
const onApple = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

/** Opens the tool search (also Ctrl+K, or Cmd+K on Apple systems). */
export function SearchButton({ fullWidth = false }: { fullWidth?: boolean }) {
  // Prerendered for no system in particular (Ctrl), then the visitor's.
  const apple = useSyncExternalStore(noSubscription, onApple, () => false);
  return (
    <Button
      variant="default"
      fullWidth={fullWidth}
      justify={fullWidth ? 'space-between' : 'center'}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        <Kbd size="xs" className="mantine-visible-from-sm">
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
