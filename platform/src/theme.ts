import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// Mantine's default shade (6) fails WCAG AA contrast with white text; 8 passes in both schemes.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
});

// Mantine's dimmed text and field-error red fail AA as text (gray 6 on white is 3.3:1, the error red
// about 3.3:1 in both schemes): one shade stronger for dimmed, red 9 / red 4 for errors.
// The focus ring of every control (global.css): blue 8 is 5:1 on white but under 3:1 on dark fields;
// blue 4 is 5.5:1 on them.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--toolbox-focus-ring': t.colors.blue[8] ?? '#1971c2',
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-error': t.colors.red[4] ?? '#ff8787',
    '--toolbox-focus-ring': t.colors.blue[4] ?? '#4dabf7',
  },
});
