import { useMantineTheme } from '@mantine/core';
import {
  Children,
  type ComponentPropsWithRef,
  type CSSProperties,
  createElement,
  type ElementType,
  type ReactNode,
} from 'react';
import { classNames, dataFlags, MANTINE_CLASSES, rem, sizeVar, withVars } from './mantine-markup';
import { type StyleProps, spacing, splitStyleProps } from './style-props';

const { layout: LAYOUT } = MANTINE_CLASSES;

type ThemeSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type Spacing = ThemeSize | number;

/** An element's own attributes with the style props, as the light layout components take them. */
type ElementProps<E extends ElementType = 'div'> = Omit<
  ComponentPropsWithRef<E>,
  keyof StyleProps | 'color'
> &
  StyleProps & { children?: ReactNode };

/** The element with its style props as CSS after the component's own variables, and its classes. */
function useRoot(
  tag: ElementType,
  props: ElementProps<ElementType> & { className?: string; style?: CSSProperties },
  own: {
    className?: string | false;
    vars?: Record<string, string | undefined>;
    data?: Record<string, string>;
  },
) {
  const theme = useMantineTheme();
  const [style, rest] = splitStyleProps(props, theme.colors);
  const { className, ...attributes } = rest as typeof rest & { className?: string };
  const merged = withVars(own.vars ?? {}, style);
  return createElement(tag, {
    ...own.data,
    ...attributes,
    className: classNames(own.className, className) || undefined,
    style: Object.keys(merged).length > 0 ? merged : undefined,
  });
}

export interface BoxProps extends ElementProps {
  /** The element to render ("span", "section", "ul"...). */
  component?: ElementType;
  /** Hidden in the light colour scheme (by CSS, so right before the app starts). */
  lightHidden?: boolean;
  darkHidden?: boolean;
}

/** Mantine's `Box`: an element with style props. */
export function Box({ component = 'div', lightHidden, darkHidden, className, ...props }: BoxProps) {
  return useRoot(component, props, {
    className: classNames(
      lightHidden && 'mantine-light-hidden',
      darkHidden && 'mantine-dark-hidden',
      className,
    ),
  });
}

export interface StackProps extends ElementProps {
  gap?: Spacing;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
}

/** Mantine's `Stack`: children one under another. */
export function Stack({ gap = 'md', align = 'stretch', justify = 'flex-start', ...props }: StackProps) {
  return useRoot('div', props, {
    className: LAYOUT.stack,
    vars: {
      '--stack-gap': spacing(gap),
      '--stack-align': align as string,
      '--stack-justify': justify as string,
    },
  });
}

export interface GroupProps extends ElementProps {
  gap?: Spacing;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: CSSProperties['flexWrap'];
  /** Children share the row's width equally. */
  grow?: boolean;
}

/** Mantine's `Group`: children side by side. */
export function Group({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  grow,
  children,
  ...props
}: GroupProps) {
  const shown = Children.toArray(children).filter(Boolean);
  const space = spacing(gap);
  const count = shown.length;
  return useRoot(
    'div',
    { ...props, children: shown },
    {
      className: LAYOUT.group,
      data: dataFlags({ grow }),
      vars: {
        '--group-child-width': grow ? `calc(${100 / count}% - (${space} - ${space} / ${count}))` : undefined,
        '--group-gap': space,
        '--group-align': align as string,
        '--group-justify': justify as string,
        '--group-wrap': wrap as string,
      },
    },
  );
}

/** Mantine's text size variables: the theme's font size and line height of `size`. */
const textSizeVars = (size: ThemeSize | undefined) => ({
  '--text-fz': size && `var(--mantine-font-size-${size})`,
  '--text-lh': size && `var(--mantine-line-height-${size})`,
});

export interface TextProps extends ElementProps<'p'> {
  /** A theme font size, with its line height. */
  size?: ThemeSize;
  /** A `<span>` in place of a `<p>`. */
  span?: boolean;
  /** The element to render ("label", "h3", "pre"...). */
  component?: 'p' | 'span' | 'div' | 'label' | 'h2' | 'h3' | 'pre' | 'small' | 'strong' | 'figcaption' | 'li';
  /** A label's control. */
  htmlFor?: string;
}

/** Mantine's `Text`. */
export function Text({ size, span, component, ...props }: TextProps) {
  return useRoot(component ?? (span ? 'span' : 'p'), props, {
    className: classNames(MANTINE_CLASSES.focusRing, LAYOUT.text),
    data: dataFlags({ size }),
    vars: textSizeVars(size),
  });
}

export interface TitleProps extends ElementProps<'h1'> {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Another heading's look ("h4"). */
  size?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}

/** Mantine's `Title`: a heading of the order given, looking as its `size` says. */
export function Title({ order = 1, size, ...props }: TitleProps) {
  const look = size ?? `h${order}`;
  return useRoot(`h${order}`, props, {
    className: LAYOUT.title,
    data: dataFlags({ size, order: String(order) }),
    vars: {
      '--title-fw': `var(--mantine-${look}-font-weight)`,
      '--title-lh': `var(--mantine-${look}-line-height)`,
      '--title-fz': `var(--mantine-${look}-font-size)`,
    },
  });
}

export interface PaperProps extends ElementProps {
  withBorder?: boolean;
  radius?: ThemeSize | number;
  shadow?: ThemeSize;
  /** The element to render ("li", "section"...). */
  component?: ElementType;
}

/** Mantine's `Paper`: a surface, with a border if asked. */
export function Paper({ withBorder, radius, shadow, component = 'div', ...props }: PaperProps) {
  return useRoot(component, props, {
    className: LAYOUT.paper,
    data: dataFlags({ 'with-border': withBorder }),
    vars: {
      '--paper-radius': sizeVar(radius, 'mantine-radius'),
      '--paper-shadow': sizeVar(shadow, 'mantine-shadow'),
    },
  });
}

export interface ContainerProps extends ElementProps {
  /** A theme container size, or pixels. */
  size?: ThemeSize | number;
}

/** Mantine's `Container`: the page's column, centred. */
export function Container({ size, ...props }: ContainerProps) {
  return useRoot('div', props, {
    className: LAYOUT.container,
    data: dataFlags({ size: typeof size === 'string' ? size : undefined, strategy: 'block' }),
    vars: { '--container-size': typeof size === 'number' ? rem(size) : sizeVar(size, 'container-size') },
  });
}

/** Mantine's `Center`: its children centred both ways. */
export function Center(props: ElementProps) {
  return useRoot('div', props, { className: LAYOUT.center });
}

export interface AnchorProps extends ElementProps<'a'> {
  size?: ThemeSize;
  /** When the link is underlined: on hover (Mantine's default), always, never, or but on hover. */
  underline?: 'hover' | 'always' | 'never' | 'not-hover';
}

/** Mantine's `Anchor`: a link in the text's look. */
export function Anchor({ size, underline = 'hover', ...props }: AnchorProps) {
  return useRoot('a', props, {
    className: classNames(MANTINE_CLASSES.focusRing, LAYOUT.anchor, LAYOUT.text),
    data: dataFlags({ size, underline }),
    vars: textSizeVars(size),
  });
}

export interface ProgressProps extends ElementProps {
  /** Percent done, 0 to 100. */
  value: number;
  /** A theme colour by name; the theme's primary colour if left out. */
  color?: string;
  size?: ThemeSize;
  striped?: boolean;
  /** Striped, the stripes moving. */
  animated?: boolean;
  /** The bar's name to screen readers. */
  'aria-label': string;
}

/** Mantine's `Progress`: one bar, its value told to screen readers. */
export function Progress({
  value,
  color,
  size,
  striped,
  animated,
  'aria-label': label,
  ...props
}: ProgressProps) {
  const theme = useMantineTheme();
  const section = (
    <div
      className={LAYOUT.progressSection}
      style={withVars({
        '--progress-section-size': `${value}%`,
        '--progress-section-color': `var(--mantine-color-${color ?? theme.primaryColor}-filled)`,
      })}
      {...dataFlags({ striped: striped || animated, animated })}
      aria-label={label}
      role="progressbar"
      aria-valuemax={100}
      aria-valuemin={0}
      aria-valuenow={value}
      aria-valuetext={`${value}%`}
    />
  );
  return useRoot(
    'div',
    { ...props, children: section },
    {
      className: LAYOUT.progressRoot,
      data: dataFlags({ size }),
      vars: { '--progress-size': sizeVar(size, 'progress-size') },
    },
  );
}

/** Mantine's `VisuallyHidden`: read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={LAYOUT.visuallyHidden}>{children}</span>;
}
