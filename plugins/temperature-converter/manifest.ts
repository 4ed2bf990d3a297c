import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'temperature-converter',
  label: 'Temperature Converter',
  category: 'Science',
  description: 'Convert temperatures between Celsius, Fahrenheit and Kelvin.',
  keywords: ['celsius', 'fahrenheit', 'kelvin', 'degrees', 'heat', 'weather'],
  view: () => import('./view'),
});
