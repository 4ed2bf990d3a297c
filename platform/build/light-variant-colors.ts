import type { VariantColorsResolver } from '@mantine/core';
import type { Plugin } from 'vite';

/** Mantine's resolver of a component's colours by variant, which its default theme holds. */
const MANTINE_VARIANT_COLORS_RESOLVER =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]color-functions[\\/]default-variant-colors-resolver[\\/]default-variant-colors-resolver\.mjs$/;

/**
 * Mantine's `defaultVariantColorsResolver` for theme colours named as the app names them ("red"):
 * the theme's CSS variables, exactly as Mantine's (light-variant-colors.test.ts checks every theme
 * colour and variant), without auto contrast, which the theme leaves off. Mantine's also derives
 * variants from any CSS colour or a shade ("red.6") with its colour functions (parsing, darkening,
 * mixing: about 1.3 KB of the first page's script); here such a colour is used as it is (a shade as
 * its variable), the same in every variant.
 *
 * Self-contained (the build writes its source as the module's), so it names nothing outside itself.
 */
export const lightVariantColorsResolver: VariantColorsResolver = ({ color = '', theme, variant }) => {
  const border = 'calc(0.0625rem * var(--mantine-scale)) solid';
  const shade = /^([a-z]+)\.(\d)$/.exec(color);
  const plain = shade ? `var(--mantine-color-${shade[1]}-${shade[2]})` : color;
  const named = color in theme.colors;
  const v = (suffix: string) => (named ? `var(--mantine-color-${color}-${suffix})` : plain);
  switch (variant) {
    case 'none':
      return { background: 'transparent', hover: 'transparent', color: 'inherit', border: 'none' };
    case 'filled':
      return {
        background: v('filled'),
        hover: v('filled-hover'),
        color: 'var(--mantine-color-white)',
        border: `${border} transparent`,
      };
    case 'light':
      return {
        background: v('light'),
        hover: v('light-hover'),
        color: v('light-color'),
        border: `${border} transparent`,
      };
    case 'outline':
      return {
        background: 'transparent',
        hover: v('outline-hover'),
        color: v('outline'),
        border: `${border} ${v('outline')}`,
      };
    case 'subtle':
      return {
        background: 'transparent',
        hover: v('light-hover'),
        color: v('light-color'),
        border: `${border} transparent`,
      };
    case 'transparent':
      return {
        background: 'transparent',
        hover: 'transparent',
        color: v('light-color'),
        border: `${border} transparent`,
      };
    case 'white':
      return {
        background: 'var(--mantine-color-white)',
        hover: 'var(--mantine-color-gray-0)',
        color: v('filled'),
        border: `${border} transparent`,
      };
    case 'default':
      return {
        background: 'var(--mantine-color-default)',
        hover: 'var(--mantine-color-default-hover)',
        color: 'var(--mantine-color-default-color)',
        border: `${border} var(--mantine-color-default-border)`,
      };
    default:
      return {} as ReturnType<VariantColorsResolver>;
  }
};

/** The module the build loads in place of Mantine's resolver. */
export const LIGHT_VARIANT_COLORS_MODULE = `export const defaultVariantColorsResolver = ${lightVariantColorsResolver.toString()};\n`;

/** The build's plugin: Mantine's variant colour resolver replaced by the light one (in the browser and the prerender). */
export function lightVariantColors(): Plugin {
  return {
    name: 'toolbox:light-variant-colors',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return MANTINE_VARIANT_COLORS_RESOLVER.test(id.split('?')[0] ?? id)
        ? LIGHT_VARIANT_COLORS_MODULE
        : null;
    },
  };
}
