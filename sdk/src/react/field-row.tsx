import type { ReactNode } from 'react';
import classes from './field-row.module.css';

export interface FieldRowProps {
  /** Two fields (or other blocks), shown side by side in equal columns. */
  children: ReactNode;
  /** True: one under the other on phones, side by side from 48em (Mantine's `sm`). */
  stackOnPhones?: boolean;
}

/**
 * Two fields side by side: a CSS grid, in place of Mantine's `SimpleGrid`, which computes its
 * columns in script and writes them as a style element (about 1 KB more on every tool page).
 */
export function FieldRow({ children, stackOnPhones = false }: FieldRowProps) {
  return <div className={stackOnPhones ? `${classes.row} ${classes.stacked}` : classes.row}>{children}</div>;
}
