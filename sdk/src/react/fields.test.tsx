// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField } from './number-field';
import { RadioField } from './radio-field';
import { SelectField } from './select-field';

afterEach(cleanup);

const inMantine = (children: ReactNode) => render(<MantineProvider>{children}</MantineProvider>);

describe('RadioField', () => {
  const SYSTEMS = [
    { value: 'metric', label: 'Metric (kg, m)' },
    { value: 'imperial', label: 'Imperial (lbs, ft, in)' },
  ];

  it('is a group named by its label, of native radios sharing the field name, the value checked', () => {
    inMantine(
      <RadioField label="Unit system" name="system" value="imperial" onChange={() => {}} options={SYSTEMS} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Unit system' });
    const radios = screen.getAllByRole('radio');
    expect(group.contains(radios[0] as Node)).toBe(true);
    expect(radios.map((radio) => (radio as HTMLInputElement).name)).toEqual(['system', 'system']);
    expect(screen.getByRole('radio', { name: 'Imperial (lbs, ft, in)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Metric (kg, m)' })).toHaveProperty('checked', false);
  });

  it('reports the chosen value', () => {
    const onChange = vi.fn();
    inMantine(
      <RadioField label="Gender" name="gender" value="men" onChange={onChange} options={['men', 'women']} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'women' }));
    expect(onChange).toHaveBeenCalledWith('women');
  });
});

describe('SelectField', () => {
  it('is a native select named by its label, with the options and their disabled state', () => {
    inMantine(
      <SelectField
        label="From"
        value=""
        onChange={() => {}}
        data={[{ value: '', label: '', disabled: true }, 'Celsius', { value: 'F', label: 'Fahrenheit' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((option) => [option.value, option.text, option.disabled])).toEqual([
      ['', '', true],
      ['Celsius', 'Celsius', false],
      ['F', 'Fahrenheit', false],
    ]);
  });

  it('passes the change event on, and shows its error', () => {
    const chosen: string[] = [];
    const onChange = (event: { currentTarget: HTMLSelectElement }) => chosen.push(event.currentTarget.value);
    inMantine(<SelectField label="To" value="a" onChange={onChange} data={['a', 'b']} error="Pick one" />);
    const select = screen.getByRole('combobox', { name: 'To' });
    fireEvent.change(select, { target: { value: 'b' } });
    expect(chosen).toEqual(['b']);
    expect(screen.getByText('Pick one')).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('NumberField', () => {
  it('asks phones for the decimal keypad, or for a keyboard with a minus sign when signed', () => {
    inMantine(
      <>
        <NumberField label="Weight" value="" onChange={() => {}} />
        <NumberField label="Value" value="-40" onChange={() => {}} signed />
      </>,
    );
    expect(screen.getByLabelText('Weight').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Value').getAttribute('inputmode')).toBe('text');
  });

  it('tells screen readers its range, a bound the value must be above as such', () => {
    inMantine(
      <>
        <NumberField label="Consumption" value="" onChange={() => {}} min={0} />
        <NumberField label="Amount" value="" onChange={() => {}} above={0} />
        <NumberField label="Year" value="" onChange={() => {}} min={1900} max={2026} />
        <NumberField label="Height" description="In metres" value="" onChange={() => {}} above={0} />
      </>,
    );
    const described = (label: string) => screen.getByLabelText(label).getAttribute('aria-description');
    expect(described('Consumption')).toBe('0 or more');
    expect(described('Amount')).toBe('more than 0');
    expect(described('Year')).toBe('1900 to 2026');
    // Beside a visible description, the range is added to it, hidden.
    const height = screen.getByLabelText('Height');
    expect(height.getAttribute('aria-description')).toBeNull();
    const description = document.getElementById(height.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('In metres (more than 0)');
  });
});
