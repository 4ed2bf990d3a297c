import { useId } from 'react';
import { type Choice, choiceItem } from './choices';
import classes from './radio-field.module.css';

export interface RadioFieldProps {
  /** The group's name, read by screen readers before each choice. */
  label: string;
  /** The field's key (the radios' `name`), as `form.field()` gives it. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Choice[];
}

/**
 * One of a few choices, all in view: native radios in a labelled `radiogroup`, looking like
 * Mantine's `Radio.Group` without its components (about 3 KB on the page that uses them). Arrow
 * keys move between the choices, as with any native radio group.
 */
export function RadioField({ label, name, value, onChange, options }: RadioFieldProps) {
  const labelId = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId}>
      <div id={labelId} className={classes.label}>
        {label}
      </div>
      <div className={classes.options}>
        {options.map((option) => {
          const choice = choiceItem(option);
          return (
            <label key={choice.value} className={classes.option}>
              <input
                type="radio"
                className={classes.radio}
                name={name}
                value={choice.value}
                checked={choice.value === value}
                disabled={choice.disabled}
                onChange={(event) => onChange(event.currentTarget.value)}
              />
              {choice.label}
            </label>
          );
        })}
      </div>
    </div>
  );
}
