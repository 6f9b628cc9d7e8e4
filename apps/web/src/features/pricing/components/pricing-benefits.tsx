import { Container } from '../../../components/ui/container.tsx';

const BENEFITS = [
  { title: 'Pay As You Go', text: 'Buy credits when you need them. No subscription, no monthly minimum.' },
  { title: 'Instant Access', text: 'Credits land in your account the moment your payment is confirmed.' },
  { title: 'Cost Effective', text: 'One credit buys one record, and bigger packages cost less per record.' },
  { title: 'Flexible Usage', text: 'Spend credits on posts, comments or both, in any format you like.' },
  {
    title: 'No Surprises',
    text: 'No hidden fees and no pay-per-query charges. Undelivered records are refunded.',
  },
] as const;

export function PricingBenefits() {
  return (
    <section className="bg-bg-primary py-16" aria-labelledby="benefits-title">
      <Container>
        <h2 id="benefits-title" className="text-center text-2xl font-bold text-text-primary sm:text-3xl">
          Why Choose Credit-Based Pricing
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-lg bg-surface p-5 shadow-sm">
              <h3 className="font-semibold text-text-primary">{benefit.title}</h3>
              <p className="mt-2 text-sm text-text-secondary">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
