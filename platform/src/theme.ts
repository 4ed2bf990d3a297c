import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// Mantine's default shade (6) fails WCAG AA contrast with white text; 8 passes in both schemes.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
});

// The default dimmed text fails AA (gray 6 on white is 3.3:1; dark 2 fails on dark 6): one shade stronger.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8' },
});
