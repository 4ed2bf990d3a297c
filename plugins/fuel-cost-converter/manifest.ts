import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'fuel-cost-converter',
  label: 'Fuel Cost Converter',
  category: 'Transport',
  description: 'Estimate the road distance between two places, the fuel a trip needs and what it costs.',
  keywords: [
    'fuel',
    'petrol',
    'gas',
    'diesel',
    'trip',
    'journey',
    'distance',
    'route',
    'car',
    'mileage',
    'mpg',
  ],
  view: () => import('./view'),
});
