import type { CSSProperties } from 'react';
import { rem } from './mantine-markup';

/** A theme key ("md"), pixels (a number) or any CSS value. */
type Value = string | number;

/**
 * The Mantine style props the light layout components take (layout.tsx): margins and paddings
 * (theme spacing, pixels or CSS), sizes and offsets, and the text's colour, weight, size, line
 * height, family, alignment and decoration. Responsive values (objects by breakpoint) are not among
 * them: a CSS module says that better.
 */
export interface StyleProps {
  m?: Value;
  mt?: Value;
  mb?: Value;
  ml?: Value;
  mr?: Value;
  mx?: Value;
  my?: Value;
  p?: Value;
  pt?: Value;
  pb?: Value;
  pl?: Value;
  pr?: Value;
  px?: Value;
  py?: Value;
  w?: Value;
  h?: Value;
  maw?: Value;
  miw?: Value;
  mah?: Value;
  mih?: Value;
  top?: Value;
  left?: Value;
  right?: Value;
  bottom?: Value;
  /** A theme colour by name ("red": its text shade), "dimmed", "bright", a shade ("red.6") or CSS. */
  c?: string;
  fw?: CSSProperties['fontWeight'];
  /** A theme font size ("sm"), a heading's ("h4"), pixels or CSS. */
  fz?: Value;
  /** A theme line height ("sm"), a heading's ("h4") or CSS. */
  lh?: Value;
  /** "text", "monospace", "heading" or CSS. */
  ff?: string;
  ta?: CSSProperties['textAlign'];
  td?: CSSProperties['textDecoration'];
  tt?: CSSProperties['textTransform'];
  fs?: CSSProperties['fontStyle'];
  display?: CSSProperties['display'];
  pos?: CSSProperties['position'];
  flex?: CSSProperties['flex'];
  opacity?: CSSProperties['opacity'];
}

const THEME_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * A font size or line height: a theme size (`sm`) or a heading's (`h2`) as the theme's variable,
 * anything else as `otherwise` makes it.
 */
const typeScale =
  (property: 'font-size' | 'line-height', otherwise: (value: Value) => Value) => (value: Value) =>
    typeof value === 'string' && THEME_SIZES.includes(value)
      ? `var(--mantine-${property}-${value})`
      : typeof value === 'string' && HEADINGS.includes(value)
        ? `var(--mantine-${value}-${property})`
        : otherwise(value);
const FONT_FAMILIES: Record<string, string> = {
  text: 'var(--mantine-font-family)',
  mono: 'var(--mantine-font-family-monospace)',
  monospace: 'var(--mantine-font-family-monospace)',
  heading: 'var(--mantine-font-family-headings)',
  headings: 'var(--mantine-font-family-headings)',
};

/** Pixels as rem; anything else as it is. */
const size = (value: Value) => (typeof value === 'number' ? rem(value) : value);

/** Mantine's spacing resolver: a theme key (negative with "-"), pixels, or CSS. */
export function spacing(value: Value): string {
  if (typeof value === 'number') return rem(value);
  const key = value.replace('-', '');
  if (!THEME_SIZES.includes(key)) return value;
  return value.startsWith('-') ? `calc(var(--mantine-spacing-${key}) * -1)` : `var(--mantine-spacing-${key})`;
}

/** Mantine's text colour resolver: a theme colour by name or shade, "dimmed", "bright", or CSS. */
function textColor(value: string, themeColors: object): string {
  if (value === 'dimmed' || value === 'bright' || value === 'white' || value === 'black')
    return `var(--mantine-color-${value})`;
  const [name = '', shade] = value.split('.');
  if (!(name in themeColors)) return value;
  return shade === undefined ? `var(--mantine-color-${name}-text)` : `var(--mantine-color-${name}-${shade})`;
}

type Resolver = (value: never, themeColors: object) => string | number | undefined;

const RESOLVERS: Record<keyof StyleProps, [keyof CSSProperties, Resolver]> = {
  m: ['margin', spacing],
  mt: ['marginTop', spacing],
  mb: ['marginBottom', spacing],
  ml: ['marginLeft', spacing],
  mr: ['marginRight', spacing],
  mx: ['marginInline', spacing],
  my: ['marginBlock', spacing],
  p: ['padding', spacing],
  pt: ['paddingTop', spacing],
  pb: ['paddingBottom', spacing],
  pl: ['paddingLeft', spacing],
  pr: ['paddingRight', spacing],
  px: ['paddingInline', spacing],
  py: ['paddingBlock', spacing],
  w: ['width', size],
  h: ['height', size],
  maw: ['maxWidth', size],
  miw: ['minWidth', size],
  mah: ['maxHeight', size],
  mih: ['minHeight', size],
  top: ['top', size],
  left: ['left', size],
  right: ['right', size],
  bottom: ['bottom', size],
  c: ['color', textColor],
  fw: ['fontWeight', (value) => value],
  fz: ['fontSize', typeScale('font-size', size)],
  lh: ['lineHeight', typeScale('line-height', (value) => value)],
  ff: ['fontFamily', (value: string) => FONT_FAMILIES[value] ?? value],
  ta: ['textAlign', (value) => value],
  td: ['textDecoration', (value) => value],
  tt: ['textTransform', (value) => value],
  fs: ['fontStyle', (value) => value],
  display: ['display', (value) => value],
  pos: ['position', (value) => value],
  flex: ['flex', (value) => value],
  opacity: ['opacity', (value) => value],
};

/**
 * A component's props parted: its style props as CSS (as Mantine's `Box` writes them), and the rest.
 * `style` goes after them, as on Mantine's components.
 */
export function splitStyleProps<P extends StyleProps & { style?: CSSProperties | undefined }>(
  props: P,
  /** The theme's colours (`useMantineTheme().colors`), which tell a theme colour from a CSS one. */
  themeColors: object,
): [CSSProperties | undefined, Omit<P, keyof StyleProps | 'style'>] {
  const rest: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  const css: Record<string, unknown> = {};
  for (const key of Object.keys(RESOLVERS) as (keyof StyleProps)[]) {
    const value = rest[key];
    delete rest[key];
    if (value === undefined) continue;
    const [property, resolve] = RESOLVERS[key];
    css[property] = resolve(value as never, themeColors);
  }
  const { style } = props;
  delete rest.style;
  const merged = { ...css, ...style };
  return [
    Object.keys(merged).length > 0 ? (merged as CSSProperties) : undefined,
    rest as Omit<P, keyof StyleProps | 'style'>,
  ];
}
