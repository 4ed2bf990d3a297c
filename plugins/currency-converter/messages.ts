/** The converter's messages, shared by the compute and the view (which loads no valibot). */
export const INVALID_AMOUNT = 'Please enter a valid amount.';
/** A code the rates lack, or no rates at all (they could not be fetched). */
export const NO_RATE = 'Failed to fetch exchange rate.';
export const NO_CURRENCY_LIST = 'Failed to load currency list.';
