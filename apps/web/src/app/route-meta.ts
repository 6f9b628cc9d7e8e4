/** Page titles by path; the analytics page view carries the same title. */
const TITLES: Record<string, string> = {
  '/': 'Threadcart: Unlock Reddit Data at Scale',
  '/home': 'Threadcart: Unlock Reddit Data at Scale',
  '/pricing': 'Pricing | Threadcart',
  '/terms': 'Terms of Service | Threadcart',
  '/privacy': 'Privacy Policy | Threadcart',
  '/features': 'Features | Threadcart',
  '/about': 'About Us | Threadcart',
  '/refund': 'Refund Policy | Threadcart',
  '/data-dictionary': 'Data Dictionary | Threadcart',
  '/coverage': 'Corpus Coverage | Threadcart',
  '/login': 'Log In | Threadcart',
  '/signup': 'Sign Up | Threadcart',
  '/forgot-password': 'Forgot Password | Threadcart',
  '/reset-password': 'Reset Password | Threadcart',
  '/confirm-email': 'Confirm E-mail | Threadcart',
  '/removal': 'Removal Requests | Threadcart',
  '/removal/confirm': 'Confirm Removal Request | Threadcart',
  '/dashboard': 'Dashboard | Threadcart',
  '/order': 'New Order | Threadcart',
  '/credits': 'Purchase Credits | Threadcart',
  '/order-completed': 'Order Requested | Threadcart',
  '/pay/success': 'Payment | Threadcart',
  '/pay/cancel': 'Payment Cancelled | Threadcart',
  '/paypal/success': 'Payment | Threadcart',
  '/paypal/cancel': 'Payment Cancelled | Threadcart',
  '/account': 'Your Account | Threadcart',
};

export function getPageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (TITLES[path]) return TITLES[path];
  if (path.startsWith('/dashboard/')) return TITLES['/dashboard']!;
  if (path.startsWith('/account/payments/')) return 'Receipt | Threadcart';
  if (path === '/admin' || path.startsWith('/admin/')) return 'Operator Console | Threadcart';
  return 'Threadcart';
}

/** Pages that show no top navigation (docs/product.md §2.5). */
export const PATHS_WITHOUT_NAV: readonly string[] = ['/login', '/signup'];

/** The signed-in app and the console: pages with the app's slim footer instead of the marketing one. */
const APP_PREFIXES = ['/dashboard', '/order', '/credits', '/pay/', '/paypal/', '/account', '/admin'];

export function isAppPath(pathname: string): boolean {
  return APP_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}
