import type { ComponentPropsWithRef } from 'react';
import { Chevron } from './chevron';
import { type Choice, choiceItem } from './choices';
import { FieldFrame, type FieldFrameProps, markedControl, splitFrameProps } from './text-field';

export interface SelectFieldProps
  extends FieldFrameProps,
    Omit<ComponentPropsWithRef<'select'>, keyof FieldFrameProps | 'size' | 'children'> {
  /** The options: values, or `{ value, label, disabled }`. */
  data: readonly Choice[];
}

/**
 * A short fixed list as a native `<select>`, looking as Mantine's `NativeSelect` does: the same
 * field frame as a text field (text-field.tsx) with a drawn chevron, without Mantine's input and
 * select components.
 */
export function SelectField({ data, ...props }: SelectFieldProps) {
  const [frame, select] = splitFrameProps(props);
  return (
    <FieldFrame
      pointer
      rightSection={<Chevron error={Boolean(frame.error)} />}
      rightSectionPointerEvents="none"
      {...frame}
    >
      {(control) => (
        <select {...select} {...markedControl(control, select)}>
          {data.map((option) => {
            const { value, label, disabled } = choiceItem(option);
            return (
              <option key={value} value={value} disabled={disabled}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}
