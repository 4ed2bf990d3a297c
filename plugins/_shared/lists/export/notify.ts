import { notify } from '@toolbox/sdk/react';

/**
 * The export messages of spec section 8 as notifications: the title is the part before the colon
 * ('Export Success', 'Export Error') and the message the rest, so the whole text is on screen.
 */
export const EXPORT_MESSAGES = {
  excelDone: ['Export Success', 'Excel file has been downloaded.'],
  csvDone: ['Export Success', 'CSV exported successfully.'],
  printBlocked: ['Export Error', 'Failed to open print window'],
  noData: ['Export Error', 'No data available to export.'],
  failed: ['Export Error', 'The export failed.'],
} as const satisfies Record<string, readonly [string, string]>;

export type ExportMessageKey = keyof typeof EXPORT_MESSAGES;

/** Shows one of the export messages; `detail` (the cause) follows the message. */
export function notifyExport(key: ExportMessageKey, detail?: string) {
  const [title, message] = EXPORT_MESSAGES[key];
  notify(title === 'Export Success' ? 'success' : 'error', title, detail ? `${message} ${detail}` : message);
}
