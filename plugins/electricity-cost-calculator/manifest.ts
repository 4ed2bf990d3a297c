import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'electricity-cost-calculator',
  label: 'Electricity Cost',
  category: 'Utilities',
  description: 'Estimate what electricity costs in US dollars from the kilowatt-hours used and the country.',
  keywords: ['electricity', 'power', 'energy', 'kwh', 'kilowatt', 'bill', 'utility', 'tariff', 'price'],
  view: () => import('./view'),
});
