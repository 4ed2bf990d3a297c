import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'shoe-size-converter',
  label: 'Shoe Size Converter',
  category: 'Lifestyle',
  description: 'Convert shoe sizes between US, UK and European (EU) sizes for men and women.',
  keywords: ['shoe', 'shoes', 'size', 'footwear', 'eu', 'uk', 'us', 'european', 'sneaker', 'boot'],
  view: () => import('./view'),
});
