import { IconBookmarks } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Button } from '@toolbox/sdk/react';
import { SAVED_PATH } from './paths';

/** The Tool Navigator's way to the saved calculations. */
export default function SavedDashboardButton() {
  return (
    <Button
      renderRoot={(props) => <Link {...props} to={SAVED_PATH} />}
      variant="light"
      leftSection={<IconBookmarks size={16} aria-hidden />}
    >
      Saved calculations
    </Button>
  );
}
