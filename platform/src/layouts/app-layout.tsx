import { Link, Outlet } from '@tanstack/react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { SearchButton } from '../components/search-button';
import { SkipLink } from '../components/skip-link';
import classes from './app-layout.module.css';

const SIDEBAR_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/profile', label: 'Profile' },
  { to: '/blog', label: 'Blog' },
  { to: '/logout', label: 'Logout' },
];

/** The signed-in screens: a sidebar that becomes a bar across the top at 768 px and below. */
export function AppLayout() {
  return (
    <div className={classes.app}>
      <SkipLink />
      <header className={classes.sidebar}>
        <div className={classes.top}>
          <Link to="/" className={classes.brand}>
            My Toolbox
          </Link>
          <div className={classes.toggle}>
            <ColorSchemeToggle />
          </div>
        </div>
        <nav aria-label="Account">
          <ul className={classes.list}>
            {SIDEBAR_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={classes.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={classes.search}>
          <SearchButton fullWidth />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
