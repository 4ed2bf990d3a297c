import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'currency-converter',
  label: 'Currency Converter',
  category: 'Finance',
  description: 'Convert an amount between currencies at the latest known exchange rates.',
  keywords: ['money', 'exchange', 'rate', 'forex', 'fx', 'dollar', 'euro', 'shilling', 'usd', 'eur', 'ugx'],
  view: () => import('./view'),
});
