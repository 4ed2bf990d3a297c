import { Link, Outlet } from '@tanstack/react-router';
import { navLinks } from '@toolbox/plugins/registry';
import { canAccess } from '@toolbox/sdk';
import { useSession } from '@toolbox/sdk/react';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { PluginSlot } from '../components/plugin-slot';
import { SearchButton } from '../components/search-button';
import { SkipLink } from '../components/skip-link';
import classes from './app-layout.module.css';
import { DASHBOARD_LINK } from './dashboard-link';

/** The platform's Dashboard first, then the links page plugins declare for the sidebar. */
const SIDEBAR_LINKS = [DASHBOARD_LINK, ...navLinks('sidebar')];

/** The signed-in screens: a sidebar that becomes a bar across the top at 768 px and below. */
export function AppLayout() {
  const { user } = useSession();
  const links = SIDEBAR_LINKS.filter((link) => canAccess(link.access, user));
  return (
    <div className={classes.app}>
      <SkipLink />
      <header className={classes.sidebar}>
        <div className={classes.top}>
          <Link to="/" className={classes.brand}>
            My Toolbox
          </Link>
          <div className={classes.toggle}>
            <PluginSlot name="header-actions" />
            <ColorSchemeToggle />
          </div>
        </div>
        <nav aria-label="Account">
          <ul className={classes.list}>
            {links.map((link) => (
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
