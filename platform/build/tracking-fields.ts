import { isTrackingKey } from '@toolbox/sdk/page-files';

/**
 * The names of the form fields in `html` (a prerendered page) that a link's tracking tags use
 * (`utm_source`, `ref`): the app reads no such key of a link (decision 171), so a field named so
 * could not be restored from a shared link, and the build refuses it.
 */
export function fieldsNamedAsTracking(html: string): string[] {
  const names = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*?\sname="([^"]*)"/g)];
  return names.map((match) => match[1] ?? '').filter(isTrackingKey);
}
