import { useElementSize } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import type { CSSProperties, ReactNode } from 'react';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { SearchButton } from '../components/search-button';
import { SkipLink } from '../components/skip-link';
import classes from './public-layout.module.css';

const TOP_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/bloguser', label: 'Blog' },
];

const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
  { to: '/bloguser', label: 'Blog' },
  { to: '/termscond', label: 'Terms & Conditions' },
];

function NavList({ links, className }: { links: typeof TOP_LINKS; className: string | undefined }) {
  return (
    <ul className={classes.list}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={className} activeOptions={{ exact: link.to === '/' }}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Top bar, main and the fixed footer of the public pages; also frames the 404 page. */
export function PublicShell({ children }: { children: ReactNode }) {
  // The footer is fixed: main keeps room for its real height, which grows when its links wrap.
  const footer = useElementSize<HTMLElement>();
  const shellStyle = footer.height
    ? ({ '--footer-height': `${footer.height}px` } as CSSProperties)
    : undefined;
  return (
    <div className={classes.shell} style={shellStyle}>
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
            <SearchButton />
            <ColorSchemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <footer ref={footer.ref} className={classes.footer}>
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
