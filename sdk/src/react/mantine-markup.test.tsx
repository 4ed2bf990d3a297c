// @vitest-environment happy-dom
import {
  ActionIcon,
  InputBase,
  Loader,
  Button as MantineButton,
  Kbd as MantineKbd,
  MantineProvider,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, IconButton, Kbd, PlainButton, Spinner } from './button';
import { Chevron } from './chevron';
import { MANTINE_CLASSES } from './mantine-markup';
import { sameMarkup } from './mantine-markup.testing';
import { SelectField } from './select-field';
import { TextField } from './text-field';

afterEach(cleanup);

describe("Button renders Mantine's Button markup", () => {
  const variants = [undefined, 'filled', 'light', 'outline', 'subtle', 'transparent', 'default'] as const;
  for (const variant of variants)
    for (const color of [undefined, 'red', 'gray'])
      it(`variant ${variant ?? '(none)'}, colour ${color ?? '(primary)'}`, () =>
        sameMarkup(
          <Button variant={variant} color={color}>
            Go
          </Button>,
          <MantineButton variant={variant} color={color}>
            Go
          </MantineButton>,
        ));

  for (const size of ['xs', 'md', 'lg', 'compact-sm', 'compact-md', 'input-sm'] as const)
    it(`size ${size}`, () =>
      sameMarkup(<Button size={size}>Go</Button>, <MantineButton size={size}>Go</MantineButton>));

  it('with sections, full width, justified, rounded, as a submit button', () =>
    sameMarkup(
      <Button
        type="submit"
        fullWidth
        justify="space-between"
        radius="xl"
        leftSection={<b>L</b>}
        rightSection={<i>R</i>}
      >
        Go
      </Button>,
      <MantineButton
        type="submit"
        fullWidth
        justify="space-between"
        radius="xl"
        leftSection={<b>L</b>}
        rightSection={<i>R</i>}
      >
        Go
      </MantineButton>,
    ));

  it('loading and disabled', () => {
    sameMarkup(
      <Button loading variant="default">
        Go
      </Button>,
      <MantineButton loading variant="default">
        Go
      </MantineButton>,
    );
    sameMarkup(<Button disabled>Go</Button>, <MantineButton disabled>Go</MantineButton>);
  });

  it('as another element through renderRoot, with its class, style and attributes', () =>
    sameMarkup(
      <Button
        variant="light"
        className="mine"
        style={{ marginTop: 4 }}
        renderRoot={(props) => <a {...props} href="/x" />}
      >
        Go
      </Button>,
      <MantineButton variant="light" className="mine" style={{ marginTop: 4 }} component="a" href="/x">
        Go
      </MantineButton>,
    ));
});

describe("IconButton renders Mantine's ActionIcon markup", () => {
  for (const variant of [undefined, 'subtle', 'default', 'light'] as const)
    for (const size of [undefined, 'lg', 'input-sm', 16] as const)
      it(`variant ${variant ?? '(none)'}, size ${size ?? '(default)'}`, () =>
        sameMarkup(
          <IconButton variant={variant} size={size} color="gray" aria-label="Star">
            *
          </IconButton>,
          <ActionIcon variant={variant} size={size} color="gray" aria-label="Star">
            *
          </ActionIcon>,
        ));

  it('loading, disabled, rounded', () => {
    sameMarkup(
      <IconButton loading aria-label="Star">
        *
      </IconButton>,
      <ActionIcon loading aria-label="Star">
        *
      </ActionIcon>,
    );
    sameMarkup(
      <IconButton disabled radius="xl" aria-label="Star">
        *
      </IconButton>,
      <ActionIcon disabled radius="xl" aria-label="Star">
        *
      </ActionIcon>,
    );
  });
});

describe("PlainButton renders Mantine's UnstyledButton markup", () => {
  it('plain, with its class and attributes, and through renderRoot', () => {
    sameMarkup(<PlainButton>u</PlainButton>, <UnstyledButton>u</UnstyledButton>);
    const styled = {
      className: 'mine',
      'aria-pressed': 'true',
      style: { padding: 4 },
      fz: 'sm',
      c: 'dimmed',
      td: 'underline',
    } as const;
    sameMarkup(<PlainButton {...styled}>u</PlainButton>, <UnstyledButton {...styled}>u</UnstyledButton>);
    sameMarkup(
      <PlainButton renderRoot={(props) => <a {...props} href="/x" />}>u</PlainButton>,
      <UnstyledButton component="a" href="/x">
        u
      </UnstyledButton>,
    );
  });
});

describe("TextField renders Mantine's TextInput markup", () => {
  it('with a label only', () => sameMarkup(<TextField label="Name" />, <TextInput label="Name" />));

  it('with description, required mark, error text, left section and input attributes', () =>
    sameMarkup(
      <TextField
        label="Name"
        description="As on the card"
        required
        error="Enter a name"
        leftSection={<b>@</b>}
        placeholder="Ada"
        inputMode="text"
        name="name"
        className="outer"
        style={{ flex: 1 }}
      />,
      <TextInput
        label="Name"
        description="As on the card"
        required
        error="Enter a name"
        leftSection={<b>@</b>}
        placeholder="Ada"
        inputMode="text"
        name="name"
        className="outer"
        style={{ flex: 1 }}
      />,
    ));

  it('with an error without text, a right section, the asterisk alone, disabled', () =>
    sameMarkup(
      <TextField label="Amount" error withAsterisk disabled rightSection={<i>€</i>} rightSectionWidth={40} />,
      <TextInput label="Amount" error withAsterisk disabled rightSection={<i>€</i>} rightSectionWidth={40} />,
    ));

  it('with pointer events set on its sections, and its own id', () =>
    sameMarkup(
      <TextField
        id="amount"
        aria-label="Amount"
        leftSection="€"
        leftSectionPointerEvents="none"
        rightSection="v"
        rightSectionPointerEvents="none"
      />,
      <TextInput
        id="amount"
        aria-label="Amount"
        leftSection="€"
        leftSectionPointerEvents="none"
        rightSection="v"
        rightSectionPointerEvents="none"
      />,
    ));
});

describe("SelectField renders Mantine's InputBase markup for a select", () => {
  it('with its chevron, options and error', () =>
    sameMarkup(
      <SelectField
        label="From"
        error="Choose one"
        name="from"
        defaultValue="c"
        data={['c', { value: 'f', label: 'F' }]}
      />,
      <InputBase
        component="select"
        pointer
        label="From"
        error="Choose one"
        name="from"
        defaultValue="c"
        rightSection={<Chevron error />}
        rightSectionPointerEvents="none"
      >
        <option value="c">c</option>
        <option value="f">F</option>
      </InputBase>,
    ));
});

describe("Spinner and Kbd render Mantine's Loader and Kbd markup", () => {
  it('spinner', () => sameMarkup(<Spinner size="sm" />, <Loader size="sm" />));
  it('key', () => {
    sameMarkup(<Kbd>K</Kbd>, <MantineKbd>K</MantineKbd>);
    sameMarkup(
      <Kbd size="xs" className="mantine-visible-from-sm">
        K
      </Kbd>,
      <MantineKbd size="xs" visibleFrom="sm">
        K
      </MantineKbd>,
    );
  });
});

describe('the light components at work', () => {
  it('a button presses, a loading or disabled one does not', () => {
    const onClick = vi.fn();
    render(
      <MantineProvider>
        <Button onClick={onClick}>Go</Button>
        <Button onClick={onClick} loading>
          Wait
        </Button>
        <IconButton onClick={onClick} disabled aria-label="Star">
          *
        </IconButton>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wait' }));
    fireEvent.click(screen.getByRole('button', { name: 'Star' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a busy button shows the spinner as a loading one does, and still presses', () => {
    const onClick = vi.fn();
    render(
      <MantineProvider>
        <Button onClick={onClick} busy>
          Convert
        </Button>
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Convert' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-loading')).toBe(true);
    expect(button.querySelector(`.${MANTINE_CLASSES.button.loader}`)).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a text field is named by its label, described by its description and error, and reports typing', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <TextField
          label="Name"
          description="As on the card"
          error="Enter a name"
          value=""
          onChange={onChange}
        />
      </MantineProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      field
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['Enter a name', 'As on the card']);
    fireEvent.change(field, { target: { value: 'Ada' } });
    expect(onChange).toHaveBeenCalledOnce();
  });
});
