import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { Box, IconButton } from '@toolbox/sdk/react';
import classes from './color-scheme-toggle.module.css';

/**
 * Switches light/dark; choosing the system's own scheme goes back to following the system.
 * Pages are prerendered without knowing the visitor's scheme, so the first render (the one that
 * hydrates) assumes light and the stored scheme is read just after; the icon follows the scheme
 * by CSS (set before the first paint by index.html), so it is right from the start.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const system = useColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} colour scheme`;
  return (
    <IconButton
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next === system ? 'auto' : next)}
      aria-label={label}
      title={label}
    >
      <Box component="span" lightHidden className={classes.icon}>
        <IconSun size={18} aria-hidden />
      </Box>
      <Box component="span" darkHidden className={classes.icon}>
        <IconMoon size={18} aria-hidden />
      </Box>
    </IconButton>
  );
}
