import { Button } from '@mantine/core';
import { IconBookmarks } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { SAVED_PATH } from './paths';

/** The Tool Navigator's way to the saved calculations. */
export default function SavedDashboardButton() {
  return (
    <Button
      component={Link}
      to={SAVED_PATH}
      variant="light"
      leftSection={<IconBookmarks size={16} aria-hidden />}
    >
      Saved calculations
    </Button>
  );
}
