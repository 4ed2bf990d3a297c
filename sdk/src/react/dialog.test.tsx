// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReturnFocus } from './dialog';

afterEach(cleanup);

/** A stand-in dialog: takes focus once shown, as Mantine's focus trap does (on a timer). */
function Probe({ opened }: { opened: boolean }) {
  useReturnFocus(opened);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opened) setTimeout(() => field.current?.focus());
  }, [opened]);
  return opened ? <input aria-label="In the dialog" ref={field} /> : null;
}

function Page({ shown, opened }: { shown: boolean; opened: boolean }) {
  return (
    <>
      <button type="button">Opener</button>
      <button type="button">Elsewhere</button>
      {shown && <Probe opened={opened} />}
    </>
  );
}

describe('useReturnFocus', () => {
  it('returns focus to the opener when a dialog mounted open unmounts', async () => {
    const { rerender } = render(<Page shown={false} opened={false} />);
    screen.getByText('Opener').focus();
    rerender(<Page shown opened />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('In the dialog')));
    rerender(<Page shown={false} opened={false} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Opener')));
  });

  it('returns focus when a mounted dialog closes', async () => {
    const { rerender } = render(<Page shown opened={false} />);
    screen.getByText('Opener').focus();
    rerender(<Page shown opened />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('In the dialog')));
    rerender(<Page shown opened={false} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Opener')));
  });

  it('leaves focus the person moved elsewhere', async () => {
    const { rerender } = render(<Page shown={false} opened={false} />);
    screen.getByText('Opener').focus();
    rerender(<Page shown opened />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('In the dialog')));
    rerender(<Page shown={false} opened={false} />);
    act(() => screen.getByText('Elsewhere').focus());
    // A timer set now runs after the hook's (set at the unmount).
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.activeElement).toBe(screen.getByText('Elsewhere'));
  });
});
