/**
 * How long the export worker takes to build the files of 10 000 profiles (the size), here in
 * Node on one core: `npx vitest bench --run bench/profiles-export.bench.ts` from tests/. In the
 * browser this work runs in the export worker, so the page stays responsive meanwhile.
 */
import { bench, describe } from 'vitest';
import { buildCsv } from '../../plugins/profiles/csv';
import { EXPORT_COLUMNS, toExportRows } from '../../plugins/profiles/export-rows';
import { buildPrintHtml } from '../../plugins/profiles/print-html';
import type { Profile } from '../../plugins/profiles/types';
import { buildXlsx } from '../../plugins/profiles/xlsx';

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
const rows = toExportRows(profiles);

describe('export of 10 000 profiles', () => {
  bench('rows', () => {
    toExportRows(profiles);
  });
  bench('CSV', () => {
    new TextEncoder().encode(buildCsv(EXPORT_COLUMNS, rows));
  });
  bench('print HTML', () => {
    buildPrintHtml('Profiles', EXPORT_COLUMNS, rows);
  });
  bench(
    'XLSX (exceljs)',
    async () => {
      await buildXlsx(EXPORT_COLUMNS, rows);
    },
    { iterations: 5, time: 0 },
  );
});
