import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'interest-calculator',
  label: 'Interest Calculator',
  category: 'Finance',
  description:
    'Work out simple interest, compound interest and monthly loan payments, with a full amortisation schedule.',
  keywords: [
    'interest',
    'simple interest',
    'compound interest',
    'compounding',
    'loan',
    'mortgage',
    'repayment',
    'monthly payment',
    'amortisation',
    'amortization',
    'schedule',
    'savings',
    'deposit',
    'principal',
    'rate',
    'APR',
  ],
  view: () => import('./view'),
});
