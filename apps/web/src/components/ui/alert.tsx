import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type AlertTone = 'success' | 'error' | 'info' | 'warning';

const TONES: Record<AlertTone, string> = {
  success: 'border-success bg-success-subtle text-success',
  error: 'border-danger-dark bg-danger-subtle text-danger-dark',
  info: 'border-info-dark bg-info-subtle text-info-dark',
  warning: 'border-warning bg-warning-subtle text-warning',
};

/**
 * A message box; errors are announced at once (role=alert), the rest politely (role=status). A standing notice that
 * does not answer anything the user did (`isLive={false}`) has no role: it is read with the page, not announced.
 */
export function Alert({
  tone,
  children,
  className,
  isLive = true,
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
  isLive?: boolean;
}) {
  return (
    <div
      role={isLive ? (tone === 'error' ? 'alert' : 'status') : undefined}
      className={cx('rounded-md border-l-4 px-4 py-3 text-sm font-medium', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
