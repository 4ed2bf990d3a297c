/**
 * The answer of the tools that convert with the exchange rates when a code is not in the rates, or
 * no rates came (the view tells a failed fetch apart).
 */
export const NO_RATE = 'Failed to fetch exchange rate.';
