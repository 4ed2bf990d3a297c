/**
 * How long the export worker takes to build the files of 10 000 profiles (the size), here in
 * Node on one core: `npx vitest bench --run bench/profiles-export.bench.ts` from tests/. In the
 * browser this work runs in the export worker, so the page stays responsive meanwhile.
 */
import { bench, describe } from 'vitest';
import { buildCsv } from '../../plugins/_shared/lists/export/csv';
import { buildPrintHtml } from '../../plugins/_shared/lists/export/print-html';
import { headerOf, rowsOf } from '../../plugins/_shared/lists/export/types';
import { buildXlsx } from '../../plugins/_shared/lists/export/xlsx';
import { PROFILE_EXPORT } from '../../plugins/profiles/export-columns';
import type { Profile } from '../../plugins/profiles/types';

const ROLES = ['admin', 'manager', 'member'] as const;
const profiles: Profile[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: index + 1,
  full_name: `Person Number ${index + 1}`,
  phone_number: `+256 700 ${String(index).padStart(6, '0')}`,
  address: `${index} Long Street, "Block ${index % 40}", Kampala`,
  role: ROLES[index % 3] ?? 'member',
  user:
    index % 50 === 0 ? null : { id: index + 1, username: `user${index}`, email: `user${index}@example.com` },
}));
const { filename, sheetName, title, columns } = PROFILE_EXPORT;
const header = headerOf(columns);
const rows = rowsOf(columns, profiles);

describe('export of 10 000 profiles', () => {
  bench('rows', () => {
    rowsOf(columns, profiles);
  });
  bench('CSV', () => {
    new TextEncoder().encode(buildCsv(header, rows));
  });
  bench('print HTML', () => {
    buildPrintHtml({ title: filename, heading: title, header, rows });
  });
  bench(
    'XLSX (exceljs)',
    async () => {
      await buildXlsx(header, rows, { sheetName });
    },
    { iterations: 5, time: 0 },
  );
});
