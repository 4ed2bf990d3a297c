import type { ExportColumn } from '../_shared/lists/export/types';
import type { Profile } from './types';

/**
 * The exported columns of profiles, in the spec's order (section 9), and the files' names. A
 * profile without an account exports empty Username and Email cells.
 */
export const PROFILE_EXPORT: {
  filename: string;
  sheetName: string;
  title: string;
  columns: readonly ExportColumn<Profile>[];
} = {
  filename: 'profiles',
  sheetName: 'Profiles',
  title: 'Profiles',
  columns: [
    { header: 'ID', value: (profile) => profile.id },
    { header: 'Full Name', value: (profile) => profile.full_name },
    { header: 'Phone Number', value: (profile) => profile.phone_number },
    { header: 'Address', value: (profile) => profile.address },
    { header: 'Role', value: (profile) => profile.role },
    { header: 'Username', value: (profile) => profile.user?.username },
    { header: 'Email', value: (profile) => profile.user?.email },
  ],
};
