import type { PreviewResponse } from '@threadcart/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

const numberFormat = new Intl.NumberFormat('en-US');
/** Below the `lg` breakpoint the dry-run panel sits under the form, out of sight. */
const NARROW = '(max-width: 1023.98px)';

interface SubmitBarProps {
  isSubmitting: boolean;
  isReady: boolean;
  isWaiting: boolean;
  data: PreviewResponse | undefined;
}

/**
 * Create Order with the dry run's summary beside it. On a phone the bar sticks to the bottom of the screen, so the
 * count, the credits and the button stay in reach while the builder scrolls (docs/decisions/032). The button never
 * waits for the dry run, and the summary has a fixed height and sits on the left, so a count that arrives while the
 * pointer travels cannot move the button from under the click.
 */
export function SubmitBar({ isSubmitting, isReady, isWaiting, data }: SubmitBarProps) {
  const isNarrow = useMediaQuery(NARROW);
  // Worded apart from the panel's "N matching records", and only drawn where the panel is out of sight.
  const summary = !isReady
    ? 'Complete the filters to see the count.'
    : data && !data.corpus_loading
      ? `Matches: ${data.matches_is_estimate ? '≈ ' : ''}${numberFormat.format(data.matches)}${data.matches_capped ? '+' : ''}`
      : 'Checking the corpus…';
  return (
    <div
      className="sticky bottom-0 z-sticky -mx-4 flex items-center gap-3 border-t border-gray-200 bg-surface px-4 py-3 sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0"
      data-testid="order-submit-bar"
    >
      {isNarrow && (
        <div className="min-w-0 flex-1" aria-busy={isWaiting}>
          <p
            className="h-5 truncate text-sm font-semibold text-text-primary"
            data-testid="submit-bar-matches"
          >
            {summary}
          </p>
          <p className="h-4 truncate text-xs text-text-secondary" data-testid="submit-bar-credits">
            {data
              ? `Credits: ${numberFormat.format(data.credits_needed)} of ${numberFormat.format(data.credits)}`
              : ''}
          </p>
        </div>
      )}
      <Button type="submit" size="lg" isLoading={isSubmitting} className="shrink-0">
        {isSubmitting ? ORDERS_UI_MESSAGES.processing : ORDERS_UI_MESSAGES.createOrder}
      </Button>
    </div>
  );
}
