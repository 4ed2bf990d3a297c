import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches light/dark; choosing the system's own scheme goes back to following the system. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const system = useColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} colour scheme`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next === system ? 'auto' : next)}
      aria-label={label}
      title={label}
    >
      {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
