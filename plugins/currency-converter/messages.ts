/** The converter's messages, shared by the compute and the view (which loads no valibot). */
export const INVALID_AMOUNT = 'Please enter a valid amount.';
export { NO_RATE } from '../_shared/rates/messages';
export const NO_CURRENCY_LIST = 'Failed to load currency list.';
