import { Link, Outlet } from '@tanstack/react-router';
import { navLinks } from '@toolbox/plugins/registry';
import { canAccess, type NavEntry } from '@toolbox/sdk';
import { useSession } from '@toolbox/sdk/react';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { DashboardButton } from '../components/dashboard-button';
import { PluginSlot } from '../components/plugin-slot';
import { SearchButton } from '../components/search-button';
import { SkipLink } from '../components/skip-link';
import classes from './public-layout.module.css';

/** The platform's Home first, then the links page plugins declare for each place. */
const HOME: NavEntry = { to: '/', label: 'Home', order: 0, access: 'anyone' };
const TOP_LINKS = [HOME, ...navLinks('top-bar')];
const FOOTER_LINKS = [HOME, ...navLinks('footer')];

function NavList({ links, className }: { links: readonly NavEntry[]; className: string | undefined }) {
  const { user } = useSession();
  return (
    <ul className={classes.list}>
      {links
        .filter((link) => canAccess(link.access, user))
        .map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={className} activeOptions={{ exact: link.to === '/' }}>
              {link.label}
            </Link>
          </li>
        ))}
    </ul>
  );
}

/** Top bar, main and footer of the public pages (the bars kept in view above phone widths); also frames the 404 page. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <SkipLink />
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <Link to="/" className={classes.brand}>
            Toolbox
          </Link>
          <nav aria-label="Main">
            <NavList links={TOP_LINKS} className={classes.link} />
          </nav>
          <div className={classes.actions}>
            <DashboardButton />
            <PluginSlot name="header-actions" />
            <SearchButton />
            <ColorSchemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <footer className={classes.footer}>
        <nav aria-label="Footer" className={classes.footerNav}>
          <NavList links={FOOTER_LINKS} className={classes.footerLink} />
        </nav>
      </footer>
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
