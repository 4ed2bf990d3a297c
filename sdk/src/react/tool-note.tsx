import type { ReactNode } from 'react';
import classes from './tool-note.module.css';

/** A short note under a form (data source, caveats). */
export function ToolNote({ children }: { children: ReactNode }) {
  return <div className={classes.note}>{children}</div>;
}
