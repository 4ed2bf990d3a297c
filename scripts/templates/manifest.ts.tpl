import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: '__SLUG__',
  label: '__LABEL__',
  category: '__CATEGORY__',
  description: 'Squares a number. Replace this sentence with what __LABEL__ does.',
  keywords: ['square'],
  view: () => import('./view'),
});
