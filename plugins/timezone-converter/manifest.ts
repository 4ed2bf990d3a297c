import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'timezone-converter',
  label: 'Time Zone Converter',
  category: 'Time',
  description: 'Convert a date and time from one time zone to another, daylight saving time included.',
  keywords: [
    'timezone',
    'time zone',
    'tz',
    'utc',
    'gmt',
    'dst',
    'daylight saving',
    'clock',
    'world',
    'meeting',
  ],
  view: () => import('./view'),
});
