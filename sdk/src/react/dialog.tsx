import { Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * Puts focus back on what had it when `opened` turned true (the control that opened the dialog), once
 * the dialog closes or unmounts while open. Mantine's own return notes the opener only when `opened`
 * changes, so a dialog mounted already open (a lazy chunk, a conditional render) sent focus to
 * `<body>`. Focus the person moved elsewhere meanwhile stays where it is.
 */
export function useReturnFocus(opened: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect notes the opener before the dialog's focus trap (a timer) moves focus in.
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const target = opener.current;
      opener.current = null;
      if (!target) return;
      const atClose = document.activeElement;
      setTimeout(() => {
        const now = document.activeElement;
        const lost = now === null || now === document.body || now === atClose || !now.isConnected;
        if (lost && target.isConnected) target.focus({ preventScroll: true });
      });
    };
  }, [opened]);
}

export type DialogProps = ModalProps;

/**
 * The app's modal dialog: a named close button, rendered where it is used (inside `<main>`: portalled
 * to `<body>`, its `<header>` would be a second banner landmark), and focus back on its opener.
 */
export function Dialog({ opened, closeButtonProps, ...props }: DialogProps) {
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      withinPortal={false}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close', ...closeButtonProps }}
      {...props}
    />
  );
}
