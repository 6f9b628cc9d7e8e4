import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';

export function ClosingCta() {
  return (
    <section className="py-16" aria-labelledby="cta-title">
      <Container className="text-center">
        <h2 id="cta-title" className="text-2xl font-bold text-text-primary sm:text-3xl">
          Ready to extract your first 1,000 Reddit records?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-text-secondary">
          Sign up and get 1,000 credits as a gift. One credit buys one record.
        </p>
        <Link to="/signup" className={`${buttonClasses({ size: 'lg' })} mt-8`}>
          Start for Free
        </Link>
        <p className="mt-10 text-sm text-text-secondary">
          No hidden fees. No pay-per-query charges. Bootstrapped in Jordan by data experts.
        </p>
      </Container>
    </section>
  );
}
