import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { cx } from '../../components/ui/cx.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSession } from '../../lib/session.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const numberFormat = new Intl.NumberFormat('en-US');

interface NavItem {
  to: string;
  label: string;
  isActive: boolean;
}

function navItems(pathname: string, isAuthenticated: boolean, isAdmin = false): NavItem[] {
  const items: NavItem[] = [
    { to: '/home', label: 'Home', isActive: pathname === '/' || pathname === '/home' },
    { to: '/pricing', label: 'Pricing', isActive: pathname === '/pricing' },
  ];
  if (isAuthenticated) {
    items.push({ to: '/dashboard', label: 'Dashboard', isActive: pathname.startsWith('/dashboard') });
    items.push({ to: '/account', label: 'Account', isActive: pathname.startsWith('/account') });
  }
  // Only a hint: the console's API refuses anyone the server does not know as an administrator.
  if (isAuthenticated && isAdmin) {
    items.push({ to: '/admin', label: 'Admin', isActive: pathname.startsWith('/admin') });
  }
  return items;
}

function NavLinkItem({ item, isMobile }: { item: NavItem; isMobile?: boolean }) {
  return (
    <Link
      to={item.to}
      aria-current={item.isActive ? 'page' : undefined}
      className={cx(
        'rounded-md px-3 py-2 text-sm font-medium transition',
        isMobile && 'block text-base',
        item.isActive
          ? 'bg-primary-subtle text-primary-dark'
          : 'text-text-secondary hover:bg-gray-100 hover:text-text-primary',
      )}
    >
      {item.label}
    </Link>
  );
}

/** Top navigation (docs/product.md §2.5): links, credits badge and logout when signed in, and a mobile menu panel. */
export function TopNav() {
  const { user, isAuthenticated, isLoading } = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const items = navItems(location.pathname, isAuthenticated, user?.role === 'admin');
  const credits = user?.credits;

  useEffect(() => setIsMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!isMenuOpen) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [isMenuOpen]);

  const account = isLoading ? null : isAuthenticated ? (
    <>
      {typeof credits === 'number' && (
        <Link
          to="/credits"
          className="inline-flex items-center rounded-full bg-secondary-subtle px-3 py-1 text-sm font-semibold text-secondary-dark hover:brightness-95"
          title="Buy credits"
        >
          {numberFormat.format(credits)} credits
        </Link>
      )}
      <button
        type="button"
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
        onClick={() => void logout()}
      >
        Logout
      </button>
    </>
  ) : (
    <>
      <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        Log in
      </Link>
      <Link to="/signup" className={buttonClasses({ size: 'sm' })}>
        Sign up
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-sticky border-b border-gray-200 bg-surface/95 backdrop-blur">
      <Container>
        <nav aria-label="Main" className="flex h-16 items-center justify-between gap-4">
          <Link to="/home" className="text-xl font-bold text-primary-dark">
            Threadcart
          </Link>
          <div className="hidden flex-1 items-center gap-1 md:flex">
            {items.map((item) => (
              <NavLinkItem key={item.to} item={item} />
            ))}
          </div>
          <div className="hidden items-center gap-3 md:flex">{account}</div>
          <div className="ml-auto flex items-center md:ml-0">
            <ThemeToggle />
          </div>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-text-primary hover:bg-gray-100 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? 'Close main menu' : 'Open main menu'}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </nav>
      </Container>
      <div id="mobile-menu" hidden={!isMenuOpen} className="border-t border-gray-200 bg-surface md:hidden">
        <Container className="space-y-1 py-3">
          {items.map((item) => (
            <NavLinkItem key={item.to} item={item} isMobile />
          ))}
          <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-3">{account}</div>
        </Container>
      </div>
    </header>
  );
}
