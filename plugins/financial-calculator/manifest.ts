import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'financial-calculator',
  label: 'Financial Calculator',
  category: 'Finance',
  description:
    'Simple and compound interest, loan payments with a schedule, currency conversion and inflation adjustment in one place.',
  keywords: [
    'finance',
    'money',
    'interest',
    'simple interest',
    'compound interest',
    'loan',
    'mortgage',
    'monthly payment',
    'amortisation',
    'amortization',
    'currency',
    'exchange rate',
    'convert money',
    'inflation',
    'CPI',
    'consumer price index',
    'purchasing power',
    'savings',
  ],
  view: () => import('./view'),
});
