import { type MantineColor, useMantineTheme } from '@mantine/core';
import type { ComponentPropsWithRef, CSSProperties, ReactElement, ReactNode } from 'react';
import {
  type ButtonVariant,
  classNames,
  dataFlags,
  MANTINE_CLASSES,
  rem,
  sizeVar,
  useVariantColors,
  withVars,
} from './mantine-markup';
import { type StyleProps, splitStyleProps } from './style-props';

const { button: BUTTON, actionIcon: ACTION_ICON } = MANTINE_CLASSES;

/** Where Mantine's transition leaves a button's spinner once shown. */
const LOADER_SHOWN: CSSProperties = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
};

/** Where Mantine's transition (slide-down) leaves an action icon's spinner once shown. */
const ICON_LOADER_SHOWN: CSSProperties = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'top',
  opacity: 1,
  transform: 'translateY(0)',
};

/** The props a `renderRoot` element gets: spread them on a link to make it look like the button. */
export type RootProps = Record<string, unknown> & {
  className: string;
  style: CSSProperties;
  children: ReactNode;
};

interface PressableProps extends Omit<ComponentPropsWithRef<'button'>, 'color'> {
  variant?: ButtonVariant;
  /** A theme colour by name ("red", "gray"); the theme's primary colour if left out. */
  color?: MantineColor;
  radius?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
  /** Disabled, with a spinner in place of the content. */
  loading?: boolean;
  /**
   * A spinner in place of the content, as `loading`, but still pressable (`aria-busy`): for a form
   * that keeps a press made meanwhile, such as a tool's (`useToolForm`: its press waits for the
   * data, or replaces the calculation on its way). A press never lands on a button turning busy.
   */
  busy?: boolean;
  /** Renders another element (a router `Link`) with the button's look: `(props) => <Link {...props} to="/" />`. */
  renderRoot?: (props: RootProps) => ReactElement;
}

export interface ButtonProps extends PressableProps {
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'compact-xs' | 'compact-sm' | 'compact-md' | 'input-sm';
  fullWidth?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** How the content sits in a wide button (`justify-content`). */
  justify?: CSSProperties['justifyContent'];
}

export interface IconButtonProps extends PressableProps {
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'input-sm' | number;
  /** The button's name to screen readers (and its tooltip unless `title` says otherwise). */
  'aria-label': string;
}

/** Mantine's oval `Loader`, as the markup its stylesheet animates (decorative: say what is loading in text). */
export function Spinner({ size = 'md', color }: { size?: string; color?: string }) {
  const named = /^(xs|sm|md|lg|xl)$/.test(size);
  return (
    <span
      className={`${MANTINE_CLASSES.loader.oval} ${MANTINE_CLASSES.loader.root}`}
      style={withVars({
        '--loader-size': named ? `var(--loader-size-${size})` : size,
        '--loader-color': color,
      })}
      data-size={named ? size : undefined}
    />
  );
}

/** Mantine's colour variables of a variant: the colour always, the rest when a variant or colour is named. */
function useColourVars(prefix: string, variant: ButtonVariant | undefined, color: MantineColor | undefined) {
  const colours = useVariantColors(variant ?? 'filled', color);
  const explicit = color !== undefined || variant !== undefined;
  return {
    [`--${prefix}-bg`]: explicit ? colours.background : undefined,
    [`--${prefix}-hover`]: explicit ? colours.hover : undefined,
    [`--${prefix}-color`]: colours.color,
    [`--${prefix}-bd`]: explicit ? colours.border : undefined,
  };
}

/** What a pressable's own component adds to the shared root: its class, variables, flags and content. */
interface Own {
  rootClass?: string;
  vars?: Record<string, string | undefined>;
  data?: Record<string, string>;
  content: ReactNode;
}

/**
 * Mantine's `UnstyledButton` root, which its buttons share: the focus ring, the press effect while
 * it can be pressed, `disabled` while disabled or loading, the component's own class, variables,
 * flags and content; a `<button type="button">` unless `renderRoot` renders another element.
 */
function pressable(
  {
    renderRoot,
    type,
    className,
    style,
    disabled,
    loading,
    busy,
    ...others
  }: Omit<PressableProps, 'variant' | 'color' | 'radius' | 'children'>,
  own: Own,
) {
  const root: RootProps = {
    ...others,
    'aria-busy': busy || others['aria-busy'] || undefined,
    className: classNames(
      MANTINE_CLASSES.focusRing,
      own.rootClass && !disabled && !loading && !busy && MANTINE_CLASSES.active,
      own.rootClass,
      MANTINE_CLASSES.unstyledButton,
      className,
    ),
    // Mantine's loading look says "not allowed"; a busy button takes presses.
    style: withVars(own.vars ?? {}, busy && !loading ? { cursor: 'progress', ...style } : style),
    ...own.data,
    disabled: disabled || loading || undefined,
    children: own.content,
  };
  if (renderRoot) return renderRoot(root);
  return <button type={type ?? 'button'} {...root} />;
}

/**
 * Mantine's `Button` (filled, light, outline, subtle, transparent or default; sizes, sections,
 * loading, full width), rendered as Mantine renders it without its component code (mantine-markup.ts).
 */
export function Button({
  variant,
  color,
  size,
  radius,
  fullWidth,
  leftSection,
  rightSection,
  justify,
  children,
  ...props
}: ButtonProps) {
  const colours = useColourVars('button', variant, color);
  const { disabled } = props;
  const loading = props.loading || props.busy;
  const fontSize = size?.startsWith('compact-') ? size.replace('compact-', '') : size;
  return pressable(props, {
    rootClass: BUTTON.root,
    vars: {
      '--button-justify': justify as string | undefined,
      '--button-height': sizeVar(size, 'button-height'),
      '--button-padding-x': sizeVar(size, 'button-padding-x'),
      '--button-fz': sizeVar(fontSize, 'mantine-font-size'),
      '--button-radius': sizeVar(radius, 'mantine-radius'),
      ...colours,
    },
    data: dataFlags({
      variant,
      size,
      disabled,
      loading,
      block: fullWidth,
      'with-left-section': Boolean(leftSection),
      'with-right-section': Boolean(rightSection),
    }),
    content: (
      <>
        {loading && (
          <span className={BUTTON.loader} style={LOADER_SHOWN} aria-hidden="true">
            <Spinner size="calc(var(--button-height) / 1.8)" color="var(--button-color)" />
          </span>
        )}
        <span className={BUTTON.inner}>
          {leftSection && (
            <span className={BUTTON.section} data-position="left">
              {leftSection}
            </span>
          )}
          <span className={BUTTON.label} data-loading={loading || undefined}>
            {children}
          </span>
          {rightSection && (
            <span className={BUTTON.section} data-position="right">
              {rightSection}
            </span>
          )}
        </span>
      </>
    ),
  });
}

/**
 * Mantine's `ActionIcon`: a square button holding an icon, named by `aria-label`, rendered as
 * Mantine renders it without its component code (mantine-markup.ts).
 */
export function IconButton({ variant, color, size, radius, children, ...props }: IconButtonProps) {
  const colours = useColourVars('ai', variant, color);
  const { disabled } = props;
  const loading = props.loading || props.busy;
  return pressable(
    { ...props, 'aria-busy': loading || undefined },
    {
      rootClass: ACTION_ICON.root,
      vars: {
        '--ai-size': sizeVar(size, 'ai-size'),
        '--ai-radius': sizeVar(radius, 'mantine-radius'),
        ...colours,
      },
      data: dataFlags({ variant, size: typeof size === 'string' ? size : undefined, loading, disabled }),
      content: (
        <>
          {loading && (
            <span className={ACTION_ICON.loader} style={ICON_LOADER_SHOWN} aria-hidden="true">
              <Spinner size="calc(var(--ai-size) * 0.55)" color="var(--ai-color)" />
            </span>
          )}
          <span className={ACTION_ICON.icon} data-loading={loading || undefined}>
            {children}
          </span>
        </>
      ),
    },
  );
}

export interface PlainButtonProps
  extends Omit<ComponentPropsWithRef<'button'>, 'color' | keyof StyleProps>,
    StyleProps {
  renderRoot?: (props: RootProps) => ReactElement;
}

/**
 * Mantine's `UnstyledButton`: a button with no look of its own but the focus ring (its reset in
 * Mantine's stylesheet) and its style props, for a control whose look is the view's (a link-like
 * action, an image to pick).
 */
export function PlainButton({ children, ...props }: PlainButtonProps) {
  const [style, rest] = splitStyleProps(props, useMantineTheme().colors);
  return pressable({ ...rest, style }, { content: children });
}

/** Mantine's `Kbd`: a key of the keyboard. */
export function Kbd({
  children,
  size,
  className,
}: {
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Mantine's `mantine-visible-from-sm` and the like work here as on its components. */
  className?: string;
}) {
  return (
    <kbd
      className={classNames(MANTINE_CLASSES.kbd, className)}
      style={withVars({ '--kbd-fz': size && `var(--kbd-fz-${size})` })}
      data-size={size}
    >
      {children}
    </kbd>
  );
}
