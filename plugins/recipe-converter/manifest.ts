import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'recipe-converter',
  label: 'Recipe Converter',
  category: 'Cooking',
  description: 'Scale a recipe’s ingredient quantities from one number of servings to another.',
  keywords: [
    'recipe',
    'cooking',
    'baking',
    'servings',
    'portions',
    'scale',
    'ingredients',
    'kitchen',
    'cups',
  ],
  view: () => import('./view'),
});
