import { IconBookmarks } from '@tabler/icons-react';
import { HeaderIconLink } from '@toolbox/sdk/react';
import { SAVED_PATH } from './paths';

/** The header's icon button to the saved calculations (both layouts). */
export default function SavedHeaderButton() {
  return (
    <HeaderIconLink to={SAVED_PATH} label="Saved calculations">
      <IconBookmarks size={18} aria-hidden />
    </HeaderIconLink>
  );
}
