import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'meme-converter',
  label: 'Meme Generator',
  category: 'Media',
  description: 'Find an image or bring your own, add top and bottom text, and download the meme as a PNG.',
  keywords: ['meme', 'caption', 'image', 'picture', 'photo', 'emoji', 'impact', 'funny', 'generator', 'text'],
  view: () => import('./view'),
});
