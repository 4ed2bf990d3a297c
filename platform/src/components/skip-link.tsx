import classes from './skip-link.module.css';

/** The first stop of the Tab key: jumps past the navigation to <main id="main" tabIndex={-1}>. */
export function SkipLink() {
  return (
    <a href="#main" className={classes.skip}>
      Skip to content
    </a>
  );
}
