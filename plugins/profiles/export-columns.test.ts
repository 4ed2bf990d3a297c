import { describe, expect, it } from 'vitest';
import { BOM, buildCsv } from '../_shared/lists/export/csv';
import { fileNameOf, headerOf, rowsOf } from '../_shared/lists/export/types';
import { PROFILE_EXPORT } from './export-columns';

describe('PROFILE_EXPORT', () => {
  it('names the files profiles.csv and profiles.xlsx and the sheet Profiles', () => {
    expect(fileNameOf(PROFILE_EXPORT.filename, 'csv')).toBe('profiles.csv');
    expect(fileNameOf(PROFILE_EXPORT.filename, 'xlsx')).toBe('profiles.xlsx');
    expect(PROFILE_EXPORT.sheetName).toBe('Profiles');
    expect(PROFILE_EXPORT.title).toBe('Profiles');
  });

  it('maps a profile to the spec columns, with blanks for a missing user or address', () => {
    expect(headerOf(PROFILE_EXPORT.columns)).toEqual([
      'ID',
      'Full Name',
      'Phone Number',
      'Address',
      'Role',
      'Username',
      'Email',
    ]);
    expect(
      rowsOf(PROFILE_EXPORT.columns, [
        {
          id: 3,
          full_name: 'Ann Lee',
          phone_number: '123',
          address: 'Kampala',
          role: 'manager',
          user: { id: 9, username: 'ann', email: 'ann@example.com' },
        },
        { id: 4, full_name: 'No Account', phone_number: '5', address: null, role: 'member', user: null },
      ]),
    ).toEqual([
      [3, 'Ann Lee', '123', 'Kampala', 'manager', 'ann', 'ann@example.com'],
      [4, 'No Account', '5', '', 'member', '', ''],
    ]);
  });

  it('gives the CSV the e2e test reads: BOM, quoted header and cells, CRLF', () => {
    const csv = buildCsv(
      headerOf(PROFILE_EXPORT.columns),
      rowsOf(PROFILE_EXPORT.columns, [
        {
          id: 1,
          full_name: 'Ann Lee',
          phone_number: '+256 700',
          address: 'Main St, 1',
          role: 'admin',
          user: null,
        },
      ]),
    );
    expect(csv).toBe(
      `${BOM}"ID","Full Name","Phone Number","Address","Role","Username","Email"\r\n` +
        '"1","Ann Lee","+256 700","Main St, 1","admin","",""\r\n',
    );
  });
});
