import type { CreditsResponse } from '@threadcart/contracts';
import { Card } from '../../../components/ui/card.tsx';

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const SOURCE_LABELS: Record<string, string> = {
  signup_gift: 'Sign-up gift',
  purchase: 'Purchase',
  admin: 'Adjustment',
};

/** A lot's expiry as a date in the browser's time zone. */
export function formatExpiry(expiresAt: string): string {
  return dateFormat.format(new Date(expiresAt));
}

export interface CreditBalanceProps {
  /** The balance; undefined until known. */
  credits: number | undefined;
  lots: CreditsResponse['lots'];
}

/** Current credits and the lots they are held in, the one that expires first first (docs/product.md §2.11, §4.3). */
export function CreditBalance({ credits, lots }: CreditBalanceProps) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-text-primary">Your credits</h2>
      <p className="mt-2" data-testid="credits-balance">
        <span className="text-4xl font-bold text-text-primary">
          {credits === undefined ? '—' : numberFormat.format(credits)}
        </span>{' '}
        <span className="ml-1 text-text-secondary">credits</span>
      </p>
      <p className="mt-1 text-sm text-text-secondary">One credit buys one record.</p>
      {lots.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold text-text-primary">Expiry dates</h3>
          <ul className="mt-2 divide-y divide-gray-100 text-sm" aria-label="Credit lots">
            {lots.map((lot, index) => (
              <li
                key={`${lot.expires_at}-${index}`}
                className="flex flex-wrap items-baseline justify-between gap-x-4 py-2"
              >
                <span>
                  <span className="font-semibold text-text-primary">
                    {numberFormat.format(lot.credits_left)}
                  </span>{' '}
                  <span className="text-text-secondary">
                    credits · {SOURCE_LABELS[lot.source] ?? lot.source}
                  </span>
                </span>
                <span className="text-text-secondary">
                  expires <time dateTime={lot.expires_at}>{formatExpiry(lot.expires_at)}</time>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
