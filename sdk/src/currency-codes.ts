/**
 * Currency codes as people and links write them. A link may say `from=eur` or `currency= ugx `:
 * it means the rate table's EUR or UGX all the same, in the views, the computes and the API.
 */

/** A code as the lists and the rate table name it: trimmed and upper-cased (`' eur'` → `EUR`). */
export function currencyCode(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Units of `code` for one unit of the table's base (`/api/data/rates/` answers per US dollar), or
 * undefined when the table has no usable rate for it (missing, zero, negative, not a number).
 * Upper-case keys are the API's; a table written with lower-case keys is read too.
 */
export function rateOf(
  rates: Readonly<Record<string, unknown>> | undefined,
  code: string,
): number | undefined {
  const key = currencyCode(code);
  if (!rates || key === '') return undefined;
  const own = (name: string) => (Object.hasOwn(rates, name) ? rates[name] : undefined);
  const rate = own(key) ?? own(key.toLowerCase());
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}
