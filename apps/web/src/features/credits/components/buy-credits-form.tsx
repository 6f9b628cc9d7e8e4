import { CUSTOM_CREDITS_MAX, CUSTOM_CREDITS_MIN, purchaseExpiryDays } from '@threadcart/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  CREDITS_STEP,
  DEFAULT_CREDITS,
  isValidCredits,
  parseCredits,
  totalPriceLabel,
} from '../credit-amount.ts';
import { useBuyCredits } from '../hooks/use-buy-credits.ts';
import { CREDITS_MESSAGES } from '../messages.ts';

const BUTTON_TEXT = {
  idle: CREDITS_MESSAGES.buy,
  creating: CREDITS_MESSAGES.processing,
  redirecting: CREDITS_MESSAGES.redirecting,
} as const;

/** The amount, its price by the server's rule, and Buy Credits (docs/product.md §2.11). */
export function BuyCreditsForm({ isDisabled = false }: { isDisabled?: boolean }) {
  const [raw, setRaw] = useState(String(DEFAULT_CREDITS));
  const { state, error, clearError, buy } = useBuyCredits();
  const credits = parseCredits(raw);
  // No silent clamp (issue 33): an amount the server would refuse says what is allowed, and the price shows a dash.
  const rangeError =
    raw.trim() !== '' && !isValidCredits(credits)
      ? `Enter a whole number of credits from ${CUSTOM_CREDITS_MIN} to ${CUSTOM_CREDITS_MAX.toLocaleString('en-US')}.`
      : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void buy(credits);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-text-primary">Buy credits</h2>
      <form noValidate onSubmit={handleSubmit} className="mt-4 space-y-5" aria-label="Buy credits">
        <TextField
          label="Number of credits"
          type="number"
          inputMode="numeric"
          name="credits"
          min={CUSTOM_CREDITS_MIN}
          max={CUSTOM_CREDITS_MAX}
          step={CREDITS_STEP}
          value={raw}
          errors={error ? [error] : rangeError ? [rangeError] : undefined}
          onChange={(event) => {
            setRaw(event.target.value);
            clearError();
          }}
        />
        <div className="flex items-baseline justify-between rounded-md bg-bg-primary px-4 py-3">
          <span className="text-sm font-medium text-text-secondary">Total price</span>
          <span className="text-2xl font-bold text-text-primary" data-testid="credits-total">
            {isValidCredits(credits) ? totalPriceLabel(credits) : '—'}{' '}
            <span className="text-sm font-medium text-text-secondary">USD</span>
          </span>
        </div>
        <p className="text-sm text-text-secondary">{CREDITS_MESSAGES.rate}</p>
        {isValidCredits(credits) && (
          <p className="text-sm text-text-secondary" data-testid="credits-expiry">
            These credits expire {purchaseExpiryDays(credits)} days after purchase (7 to 90 days, by amount).
          </p>
        )}
        <Button type="submit" fullWidth size="lg" isLoading={state !== 'idle'} disabled={isDisabled}>
          {BUTTON_TEXT[state]}
        </Button>
      </form>
    </Card>
  );
}
