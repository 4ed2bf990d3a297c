import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'bmi-calculator',
  label: 'BMI Calculator',
  category: 'Health',
  description:
    'Work out your body mass index from weight and height in metric or imperial units, with its category and a healthy weight range.',
  keywords: [
    'bmi',
    'body mass index',
    'weight',
    'height',
    'healthy weight',
    'overweight',
    'underweight',
    'obese',
    'obesity',
    'kg',
    'pounds',
    'lbs',
    'feet',
    'inches',
    'fitness',
    'diet',
  ],
  view: () => import('./view'),
});
