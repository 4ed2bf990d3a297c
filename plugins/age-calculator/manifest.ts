import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'age-calculator',
  label: 'Age Calculator',
  category: 'Health',
  description:
    'Find your exact age in years, months and days from your birth date, or count the days to your next birthday.',
  keywords: [
    'age',
    'birthday',
    'birth date',
    'date of birth',
    'born',
    'how old',
    'years old',
    'days old',
    'next birthday',
    'countdown',
    'days until',
  ],
  view: () => import('./view'),
});
