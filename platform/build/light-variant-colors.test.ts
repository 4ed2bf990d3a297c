import { createTheme, DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme as appTheme } from '../src/theme';
import { LIGHT_VARIANT_COLORS_MODULE, lightVariantColorsResolver } from './light-variant-colors';

const theme = mergeMantineTheme(DEFAULT_THEME, createTheme(appTheme));
const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'transparent', 'default', 'none'];

describe("the light variant colour resolver answers as Mantine's", () => {
  for (const color of Object.keys(theme.colors))
    it(`for ${color}, in every variant`, () => {
      for (const variant of VARIANTS)
        expect(lightVariantColorsResolver({ color, theme, variant })).toEqual(
          defaultVariantColorsResolver({ color, theme, variant }),
        );
    });

  it('uses a colour the theme does not name, or a shade, as it is', () => {
    expect(lightVariantColorsResolver({ color: '#123456', theme, variant: 'filled' }).background).toBe(
      '#123456',
    );
    expect(lightVariantColorsResolver({ color: 'red.6', theme, variant: 'light' }).color).toBe(
      'var(--mantine-color-red-6)',
    );
  });

  it('is written as a module that stands alone', async () => {
    const url = `data:text/javascript,${encodeURIComponent(LIGHT_VARIANT_COLORS_MODULE)}`;
    const module = (await import(/* @vite-ignore */ url)) as {
      defaultVariantColorsResolver: typeof lightVariantColorsResolver;
    };
    expect(module.defaultVariantColorsResolver({ color: 'red', theme, variant: 'subtle' })).toEqual(
      defaultVariantColorsResolver({ color: 'red', theme, variant: 'subtle' }),
    );
  });
});
