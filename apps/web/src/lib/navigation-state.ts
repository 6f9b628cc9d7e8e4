import type { Location } from 'react-router';

/**
 * What one page hands the next through navigation state (docs/product.md §2.2, §2.3): a banner message and the
 * origin.
 */
export interface NavigationState {
  message?: string;
  /** 'error' shows the banner in the error style (the payment cancel page uses it). */
  messageType?: 'success' | 'error';
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Set by logout: /login must not send the (still cached) user on to the dashboard. */
  signedOut?: boolean;
}

export function readNavigationState(state: unknown): NavigationState {
  if (!state || typeof state !== 'object') return {};
  const { message, messageType, from, signedOut } = state as Record<string, unknown>;
  const result: NavigationState = {};
  if (signedOut === true) result.signedOut = true;
  if (typeof message === 'string' && message !== '') result.message = message;
  if (messageType === 'success' || messageType === 'error') result.messageType = messageType;
  if (from && typeof from === 'object' && typeof (from as { pathname?: unknown }).pathname === 'string') {
    const origin = from as Location;
    result.from = { pathname: origin.pathname, search: origin.search ?? '', hash: origin.hash ?? '' };
  }
  return result;
}

/** The origin location as a path with query and hash. */
export function originPath(from: NavigationState['from']): string | undefined {
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : undefined;
}
