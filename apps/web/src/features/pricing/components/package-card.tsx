import { purchaseExpiryDays, type CreditPackage } from '@threadcart/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { PRICING_MESSAGES } from '../messages.ts';

const numberFormat = new Intl.NumberFormat('en-US');

export interface PackageCardProps {
  pkg: CreditPackage;
  isProcessing: boolean;
  isDisabled: boolean;
  onBuy: (packageId: number) => void;
}

export function PackageCard({ pkg, isProcessing, isDisabled, onBuy }: PackageCardProps) {
  const titleId = `package-${pkg.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={cx(
        'relative flex flex-col rounded-lg border bg-surface p-6 shadow',
        pkg.isPopular ? 'border-primary-dark shadow-lg md:-translate-y-2' : 'border-gray-200',
      )}
    >
      {pkg.isPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary-solid px-3 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </span>
      )}
      <h2 id={titleId} className="text-xl font-semibold text-text-primary">
        {pkg.name}
      </h2>
      <p className="mt-1 text-sm text-text-secondary">{pkg.description}</p>
      <p className="mt-6">
        <span className="text-4xl font-bold text-text-primary">${pkg.price}</span>
        <span className="ml-2 text-text-secondary">for {numberFormat.format(pkg.credits)} credits</span>
      </p>
      <p className="mt-1 text-sm text-text-secondary">
        Credits expire {purchaseExpiryDays(pkg.credits)} days after purchase.
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-gray-700">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-success">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-8"
        fullWidth
        size="lg"
        variant={pkg.isPopular ? 'primary' : 'secondary'}
        isLoading={isProcessing}
        disabled={isDisabled}
        aria-describedby={titleId}
        onClick={() => onBuy(pkg.id)}
      >
        {isProcessing ? PRICING_MESSAGES.processing : 'Buy Now'}
      </Button>
    </section>
  );
}
