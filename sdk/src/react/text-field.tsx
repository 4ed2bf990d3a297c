import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import { classNames, dataFlags, MANTINE_CLASSES, rem, sizeVar, withVars } from './mantine-markup';

const { input: INPUT } = MANTINE_CLASSES;

type FieldSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** What a field shows around its control: Mantine's `InputWrapper` and `Input` props, as far as the app uses them. */
export interface FieldFrameProps {
  label?: ReactNode;
  /** Under the label, and the control's accessible description. */
  description?: ReactNode;
  /** Under the control in the error colour; `true` colours the field without a text. */
  error?: ReactNode;
  required?: boolean;
  /** The asterisk without the control's `required` (the form checks it). */
  withAsterisk?: boolean;
  disabled?: boolean;
  size?: FieldSize;
  radius?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  leftSectionWidth?: number;
  rightSectionWidth?: number;
  leftSectionPointerEvents?: CSSProperties['pointerEvents'];
  rightSectionPointerEvents?: CSSProperties['pointerEvents'];
  /** A pointer cursor over the control (a select). */
  pointer?: boolean;
  /** The control's id (one is made up if left out); the label, description and error ids follow it. */
  id?: string;
  /** On the outer element. */
  className?: string;
  /** On the outer element. */
  style?: CSSProperties;
  /** Wraps the control's box (a dropdown anchored to it). */
  inputContainer?: (input: ReactNode) => ReactNode;
}

/** What the control itself takes from its frame: its id, its state and its classes. */
export interface FieldControlProps {
  id: string;
  className: string;
  required: boolean | undefined;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'data-variant': 'default';
  'data-error'?: string;
  'data-disabled'?: string;
}

const FRAME_KEYS = [
  'label',
  'description',
  'error',
  'required',
  'withAsterisk',
  'disabled',
  'size',
  'radius',
  'leftSection',
  'rightSection',
  'leftSectionWidth',
  'rightSectionWidth',
  'leftSectionPointerEvents',
  'rightSectionPointerEvents',
  'pointer',
  'id',
  'className',
  'style',
  'inputContainer',
] as const satisfies readonly (keyof FieldFrameProps)[];

/** Fails to compile if a frame prop is missing from FRAME_KEYS. */
const EVERY_FRAME_KEY: Record<Exclude<keyof FieldFrameProps, (typeof FRAME_KEYS)[number]>, never> = {};
void EVERY_FRAME_KEY;

/** A field's props parted: what its frame shows, and what goes on its control. */
export function splitFrameProps<P extends FieldFrameProps>(
  props: P,
): [FieldFrameProps, Omit<P, keyof FieldFrameProps>] {
  const frame: Record<string, unknown> = {};
  const control: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  for (const key of FRAME_KEYS) {
    if (key in control) frame[key] = control[key];
    delete control[key];
  }
  return [frame as FieldFrameProps, control as Omit<P, keyof FieldFrameProps>];
}

const smaller = (size: FieldSize) => `calc(var(--mantine-font-size-${size}) - ${rem(2)})`;

/**
 * A field's label, description, error and the box around its control, as Mantine's `InputWrapper`
 * and `Input` render them (mantine-markup.ts). `children` renders the control with the props given.
 */
export function FieldFrame({
  label,
  description,
  error,
  required,
  withAsterisk,
  disabled,
  size = 'sm',
  radius,
  leftSection,
  rightSection,
  leftSectionWidth,
  rightSectionWidth,
  leftSectionPointerEvents,
  rightSectionPointerEvents,
  pointer,
  id,
  className,
  style,
  inputContainer = (input) => input,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const reactId = useId();
  const inputId = id ?? `mantine-${reactId.replace(/:/g, '')}`;
  const errorText = Boolean(error) && typeof error !== 'boolean';
  const hasDescription = Boolean(description);
  const describedBy = [errorText && `${inputId}-error`, hasDescription && `${inputId}-description`]
    .filter(Boolean)
    .join(' ');
  const marked = withAsterisk ?? required;
  const control: FieldControlProps = {
    id: inputId,
    className: INPUT.input,
    required,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'data-variant': 'default',
    ...dataFlags({ disabled, error: Boolean(error) }),
  };
  return (
    <div
      className={classNames(INPUT.root, className)}
      style={style}
      data-size={size}
      {...dataFlags({ error: Boolean(error) })}
    >
      {label && (
        <label
          className={INPUT.label}
          style={withVars({ '--input-label-size': `var(--mantine-font-size-${size})` })}
          data-size={size}
          data-required={marked || undefined}
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
          {marked && (
            <span className={INPUT.required} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      {hasDescription && (
        <p
          className={INPUT.description}
          style={withVars({ '--input-description-size': smaller(size) })}
          data-size={size}
          id={`${inputId}-description`}
        >
          {description}
        </p>
      )}
      {inputContainer(
        <div
          className={INPUT.wrapper}
          style={withVars({
            '--input-margin-top': hasDescription ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
            '--input-margin-bottom': errorText ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
            '--input-height': `var(--input-height-${size})`,
            '--input-fz': `var(--mantine-font-size-${size})`,
            '--input-radius': sizeVar(radius, 'mantine-radius'),
            '--input-left-section-width': leftSectionWidth === undefined ? undefined : rem(leftSectionWidth),
            '--input-right-section-width':
              rightSectionWidth === undefined ? undefined : rem(rightSectionWidth),
            '--input-left-section-pointer-events': leftSectionPointerEvents as string | undefined,
            '--input-right-section-pointer-events': rightSectionPointerEvents as string | undefined,
          })}
          data-variant="default"
          data-size={size}
          {...dataFlags({
            error: Boolean(error),
            pointer,
            disabled,
            'with-right-section': Boolean(rightSection),
            'with-left-section': Boolean(leftSection),
          })}
        >
          {leftSection && (
            <div data-position="left" className={INPUT.section}>
              {leftSection}
            </div>
          )}
          {children(control)}
          {rightSection && (
            <div data-position="right" className={INPUT.section}>
              {rightSection}
            </div>
          )}
        </div>,
      )}
      {errorText && (
        <p
          className={INPUT.error}
          style={withVars({ '--input-error-size': smaller(size) })}
          data-size={size}
          id={`${inputId}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The control's props with the marks given to the field itself: invalid when its frame shows an error
 * or the field is said to be (`aria-invalid`), and described by a message shown elsewhere (a form's
 * alert, a tool's error: `aria-describedby`) after its own description and error.
 */
export function markedControl(
  control: FieldControlProps,
  own: { 'aria-invalid'?: unknown; 'aria-describedby'?: string | undefined },
): FieldControlProps {
  const invalid =
    control['aria-invalid'] ?? (own['aria-invalid'] === true || own['aria-invalid'] === 'true' || undefined);
  const describedBy = [control['aria-describedby'], own['aria-describedby']].filter(Boolean).join(' ');
  return { ...control, 'aria-invalid': invalid, 'aria-describedby': describedBy || undefined };
}

export interface TextFieldProps
  extends FieldFrameProps,
    Omit<ComponentPropsWithRef<'input'>, keyof FieldFrameProps | 'size' | 'children'> {}

/**
 * Mantine's `TextInput` (label, description, error, sections), rendered as Mantine renders it
 * without its component code (mantine-markup.ts). `className` and `style` go on the outer element,
 * the other input attributes on the `<input>`.
 */
export function TextField(props: TextFieldProps) {
  const [frame, input] = splitFrameProps(props);
  return (
    <FieldFrame {...frame}>{(control) => <input {...input} {...markedControl(control, input)} />}</FieldFrame>
  );
}
