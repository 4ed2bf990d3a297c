import classes from './chevron.module.css';

/** The up-and-down chevron at the end of a select field (Mantine's ComboboxChevron, drawn as two strokes). */
export function Chevron({ error = false }: { error?: boolean }) {
  return (
    <svg
      className={classes.chevron}
      data-error={error || undefined}
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden="true"
    >
      <path
        d="M5.25 5.75 7.5 3.5l2.25 2.25m-4.5 3.5L7.5 11.5l2.25-2.25"
        stroke="currentColor"
        strokeWidth="0.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
