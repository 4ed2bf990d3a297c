import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'percentage-converter',
  label: 'Percentage Converter',
  category: 'Math',
  description: 'Work out a percentage of a number: what P% of a base value is.',
  keywords: [
    'percent',
    'per cent',
    'percentage calculator',
    '%',
    'proportion',
    'share',
    'fraction',
    'ratio',
    'discount',
    'tip',
    'tax',
    'commission',
  ],
  view: () => import('./view'),
});
