import type { Cell, Profile } from './types';

/** The exported columns, in the spec's order (section 9). */
export const EXPORT_COLUMNS = [
  'ID',
  'Full Name',
  'Phone Number',
  'Address',
  'Role',
  'Username',
  'Email',
] as const;

/** One profile as an exported row. A profile without an account exports empty username and email. */
export function toExportRow(profile: Profile): Cell[] {
  return [
    profile.id,
    profile.full_name ?? '',
    profile.phone_number ?? '',
    profile.address ?? '',
    profile.role ?? '',
    profile.user?.username ?? '',
    profile.user?.email ?? '',
  ];
}

export function toExportRows(profiles: readonly Profile[]): Cell[][] {
  return profiles.map(toExportRow);
}
