import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { redirectingIn } from '../messages.ts';

export type PaymentStatusTone = 'working' | 'success' | 'error' | 'neutral';

const ICONS: Record<Exclude<PaymentStatusTone, 'working'>, { path: string; className: string }> = {
  success: { path: 'M5 12.5l4.5 4.5L19 7.5', className: 'bg-success-subtle text-success' },
  error: { path: 'M7 7l10 10M17 7L7 17', className: 'bg-danger-subtle text-danger-dark' },
  neutral: { path: 'M12 7v6m0 4h.01', className: 'bg-info-subtle text-info-dark' },
};

export interface PaymentStatusCardProps {
  tone: PaymentStatusTone;
  title: string;
  text?: string;
  /** The server's explanation, shown smaller under the text. */
  detail?: string;
  /** Seconds before the page moves on; omitted while working. */
  secondsLeft?: number;
}

/** The one card both payment return pages show: an icon, the status text and "Redirecting in N seconds". */
export function PaymentStatusCard({ tone, title, text, detail, secondsLeft }: PaymentStatusCardProps) {
  const icon = tone === 'working' ? null : ICONS[tone];
  return (
    <Container className="flex flex-1 items-center justify-center py-12 sm:py-20">
      <Card
        className="w-full max-w-md text-center"
        aria-live="polite"
        aria-busy={tone === 'working' || undefined}
      >
        <div
          aria-hidden="true"
          className={cx(
            'mx-auto flex size-14 items-center justify-center rounded-full',
            icon ? icon.className : 'bg-gray-100 text-primary-dark',
          )}
        >
          {icon ? (
            <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d={icon.path} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ) : (
            <Spinner className="size-7" />
          )}
        </div>
        <h1 className="mt-5 text-2xl font-bold text-text-primary">{title}</h1>
        {text && <p className="mt-2 text-text-secondary">{text}</p>}
        {detail && detail !== text && <p className="mt-3 text-sm text-text-secondary">{detail}</p>}
        {secondsLeft !== undefined && (
          <p className="mt-6 text-sm font-medium text-text-secondary" data-testid="redirect-countdown">
            {redirectingIn(secondsLeft)}
          </p>
        )}
      </Card>
    </Container>
  );
}
