import { ActionIcon } from '@mantine/core';
import { IconBookmarks } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { SAVED_PATH } from './paths';

/** The header's icon button to the saved calculations (both layouts). */
export default function SavedHeaderButton() {
  return (
    <ActionIcon
      component={Link}
      to={SAVED_PATH}
      variant="default"
      size="lg"
      aria-label="Saved calculations"
      title="Saved calculations"
    >
      <IconBookmarks size={18} aria-hidden />
    </ActionIcon>
  );
}
