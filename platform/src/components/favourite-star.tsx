import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { ToolEntry } from '@toolbox/sdk';
import { IconButton, useIsFavourite, useYourToolsStore } from '@toolbox/sdk/react';

/** The star of a tool: adds it to or removes it from the favourites (a toggle button). */
export function FavouriteStar({ tool, size = 'md' }: { tool: ToolEntry; size?: 'sm' | 'md' | 'lg' }) {
  const store = useYourToolsStore();
  const on = useIsFavourite(tool.slug);
  const label = on ? `Remove ${tool.label} from favourites` : `Add ${tool.label} to favourites`;
  return (
    <IconButton
      variant="subtle"
      color={on ? 'yellow' : 'gray'}
      size={size}
      aria-label={label}
      aria-pressed={on}
      title={label}
      data-favourite-star={tool.slug}
      onClick={(event) => {
        // Inside a menu or a card: the star changes the favourites, nothing else.
        event.preventDefault();
        event.stopPropagation();
        store.toggleFavourite(tool.slug);
      }}
    >
      {on ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
    </IconButton>
  );
}
