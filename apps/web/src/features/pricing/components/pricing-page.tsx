import { CREDIT_PACKAGES } from '@threadcart/contracts';
import { SITE } from '../../../config/site.ts';
import { Container } from '../../../components/ui/container.tsx';
import { useCreditPackages } from '../api/get-credit-packages.ts';
import { usePurchasePackage } from '../hooks/use-purchase-package.ts';
import { PackageCard } from './package-card.tsx';
import { PricingBenefits } from './pricing-benefits.tsx';

/** Three package cards with Buy Now, then the benefits of credit-based pricing (docs/product.md §2.6). */
export function PricingPage() {
  const { data: packages = CREDIT_PACKAGES } = useCreditPackages();
  const { pendingId, purchase } = usePurchasePackage();
  return (
    <>
      <Container className="py-12 sm:py-16">
        <div className="text-center">
          <h1 className="text-3xl font-bold text-text-primary sm:text-4xl">Simple, transparent pricing</h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-text-secondary">
            1,000 credits cost $1.00 and one credit buys one record. No hidden fees, no pay-per-query charges.
          </p>
        </div>
        <div className="mt-12 grid gap-8 md:grid-cols-3">
          {packages.map((pkg) => (
            <PackageCard
              key={pkg.id}
              pkg={pkg}
              isProcessing={pendingId === pkg.id}
              isDisabled={pendingId !== null}
              onBuy={(id) => void purchase(id)}
            />
          ))}
        </div>
        <p className="mt-10 text-center text-sm text-text-secondary">
          Buying in bulk? Ask for a volume discount at{' '}
          <a className="font-medium text-secondary-dark underline" href={`mailto:${SITE.supportEmail}`}>
            {SITE.supportEmail}
          </a>
          .
        </p>
      </Container>
      <PricingBenefits />
    </>
  );
}
