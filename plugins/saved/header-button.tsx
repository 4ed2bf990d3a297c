import { IconBookmarks } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { IconButton } from '@toolbox/sdk/react';
import { SAVED_PATH } from './paths';

/** The header's icon button to the saved calculations (both layouts). */
export default function SavedHeaderButton() {
  return (
    <IconButton
      renderRoot={(props) => <Link {...props} to={SAVED_PATH} />}
      variant="default"
      size="lg"
      aria-label="Saved calculations"
      title="Saved calculations"
    >
      <IconBookmarks size={18} aria-hidden />
    </IconButton>
  );
}
