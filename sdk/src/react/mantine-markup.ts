import { type MantineColor, useMantineTheme } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * The light components (button.tsx, text-field.tsx, layout.tsx) render the markup Mantine's
 * own would: the same elements, the classes of Mantine's stylesheet (`m_` and a hash, fixed for
 * Mantine's pinned version) and the CSS variables its components compute. They look and behave as
 * Mantine's because the same rules style them, without Mantine's component code (its styles API,
 * transitions, loader and clear button: about 8 KB of the first page). fields.test.tsx renders
 * each next to Mantine's and compares the markup, so an upgrade that moves a class is caught.
 */
export const MANTINE_CLASSES = {
  focusRing: 'mantine-focus-auto',
  active: 'mantine-active',
  unstyledButton: 'm_87cf2631',
  button: {
    root: 'm_77c9d27d',
    inner: 'm_80f1301b',
    label: 'm_811560b9',
    section: 'm_a74036a',
    loader: 'm_a25b86ee',
  },
  actionIcon: { root: 'm_8d3f4000', icon: 'm_8d3afb97', loader: 'm_302b9fb1' },
  loader: { root: 'm_5ae2e3c', oval: 'm_b34414df' },
  input: {
    root: 'm_46b77525',
    label: 'm_8fdc1311',
    required: 'm_78a94662',
    description: 'm_fe47ce59',
    error: 'm_8f816625',
    wrapper: 'm_6c018570',
    input: 'm_8fb7ebe7',
    section: 'm_82577fc2',
  },
  kbd: 'm_dc6f14e2',
  layout: {
    stack: 'm_6d731127',
    group: 'm_4081bf90',
    text: 'm_b6d8b162',
    title: 'm_8a5d1357',
    paper: 'm_1b7284a3',
    container: 'm_7485cace',
    center: 'm_4451eb3a',
    visuallyHidden: 'm_515a97f8',
    anchor: 'm_849cf0da',
    progressRoot: 'm_db6d6462',
    progressSection: 'm_2242eb65',
  },
} as const;

/** Mantine's variants of a button or action icon. */
export type ButtonVariant = 'filled' | 'light' | 'outline' | 'subtle' | 'transparent' | 'default';

/** Pixels as Mantine writes them: rem scaled by the theme's scale. */
export function rem(px: number): string {
  return px === 0 ? '0rem' : `calc(${px / 16}rem * var(--mantine-scale))`;
}

/** A size key of the theme (`var(--prefix-key)`) or pixels, as Mantine's `getSize`. */
export function sizeVar(size: string | number | undefined, prefix: string): string | undefined {
  if (size === undefined) return undefined;
  return typeof size === 'number' ? rem(size) : `var(--${prefix}-${size})`;
}

/**
 * The colours of a variant in a theme colour (the theme's primary colour if none is named), from the
 * theme's resolver, as Mantine's components ask it.
 */
export function useVariantColors(variant: ButtonVariant, color: MantineColor | undefined) {
  const theme = useMantineTheme();
  return theme.variantColorResolver({ color: color ?? theme.primaryColor, theme, variant });
}

/** Mantine's `mod`: `data-*` attributes for the flags that are on. */
export function dataFlags(flags: Record<string, boolean | string | undefined>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined || value === false) continue;
    attributes[`data-${name}`] = value === true ? 'true' : value;
  }
  return attributes;
}

/** Style variables with the undefined ones left out, then the caller's own style. */
export function withVars(vars: Record<string, string | undefined>, style?: CSSProperties): CSSProperties {
  const defined = Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined));
  return { ...defined, ...style } as CSSProperties;
}

/** Class names joined, the empty ones left out. */
export function classNames(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
