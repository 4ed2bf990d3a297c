import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { IconButton } from './button';

/**
 * One of the header's icon buttons that leads to a page (the platform's Dashboard, a plugin's
 * `header-actions` slot): square, outlined, as large as the header's other icon buttons, named by
 * its label, which is also its tooltip. `children` is the icon (`size={18}`, `aria-hidden`).
 */
export function HeaderIconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <IconButton
      renderRoot={(props) => <Link {...props} to={to} />}
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
    >
      {children}
    </IconButton>
  );
}
