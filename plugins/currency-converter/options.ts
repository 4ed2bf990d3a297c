import { byText, currencyCode, rateOf } from '@toolbox/sdk';

export interface CurrencyOption {
  value: string;
  label: string;
}

/** 'CODE - description', one per code, in order of code. */
export function currencyOptions(listed: readonly { code: string; description?: string }[]): CurrencyOption[] {
  const byCode = new Map<string, string>();
  for (const { code, description = '' } of listed) {
    const key = currencyCode(code);
    if (key !== '' && !byCode.has(key)) byCode.set(key, description);
  }
  return [...byCode]
    .sort(([a], [b]) => byText(a, b))
    .map(([code, description]) => ({ value: code, label: description ? `${code} - ${description}` : code }));
}

/**
 * The currencies one can convert: those the rate table has a rate for, named as the currency list
 * describes them (a code it does not describe is shown bare). Before the rates arrive, the list stands
 * in; with neither, undefined.
 */
export function convertibleCurrencies(
  rates: Readonly<Record<string, unknown>> | undefined,
  described: readonly { code: string; description?: string }[] | undefined,
): CurrencyOption[] | undefined {
  if (!rates) return described && currencyOptions(described);
  const descriptions = new Map(
    (described ?? []).map(({ code, description }) => [currencyCode(code), description]),
  );
  const codes = Object.keys(rates).filter((code) => rateOf(rates, code) !== undefined);
  return currencyOptions(
    codes.map((code) => ({ code, description: descriptions.get(currencyCode(code)) ?? '' })),
  );
}
