import { InputBase, type NativeSelectProps } from '@mantine/core';
import { Chevron } from './chevron';
import { type Choice, choiceItem } from './choices';

export interface SelectFieldProps extends Omit<NativeSelectProps, 'data' | 'children'> {
  /** The options: values, or `{ value, label, disabled }`. */
  data: readonly Choice[];
}

/**
 * A short fixed list as a native `<select>`, looking as Mantine's `NativeSelect` does: the same
 * input (InputBase, already on every page) with a drawn chevron, without NativeSelect's own
 * components (about 1.4 KB on every tool page).
 */
export function SelectField({ data, error, rightSection, ...props }: SelectFieldProps) {
  return (
    <InputBase
      component="select"
      pointer
      error={error}
      rightSection={rightSection ?? <Chevron error={Boolean(error)} />}
      rightSectionPointerEvents="none"
      {...props}
    >
      {data.map((option) => {
        const { value, label, disabled } = choiceItem(option);
        return (
          <option key={value} value={value} disabled={disabled}>
            {label}
          </option>
        );
      })}
    </InputBase>
  );
}
