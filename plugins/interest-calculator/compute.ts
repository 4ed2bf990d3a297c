import { type Result, validate } from '@toolbox/sdk';
import * as v from 'valibot';
import {
  type InterestMessages,
  type InterestOutput,
  interestSchemas,
  solveInterest,
} from '../_shared/interest/interest';

const MESSAGES: InterestMessages = {
  simple: 'Please enter valid loan amount, rate, and time',
  principal: 'Please enter valid principal, rate, and time',
};

export const inputSchema = v.variant('type', interestSchemas(MESSAGES), 'Please choose a calculation type');

export type InterestInput = v.InferInput<typeof inputSchema>;
export type { GrowthPoint, InterestOutput, LoanRow } from '../_shared/interest/interest';

/** Simple interest, compound interest and loan payment: the financial calculator's first three types. */
export function compute(input: InterestInput): Result<InterestOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  return solveInterest(parsed.value, MESSAGES);
}
