import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';

export function Hero() {
  return (
    <section
      className="bg-linear-to-b from-primary-subtle to-bg-secondary py-16 sm:py-24"
      aria-labelledby="hero-title"
    >
      <Container className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary-dark">
          Public Reddit posts and comments, on demand
        </p>
        <h1 id="hero-title" className="mt-3 text-3xl font-bold leading-tight text-text-primary sm:text-4xl">
          Unlock Reddit Data at Scale
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-text-secondary">
          Order batches of public posts and comments filtered by keywords and engagement, and download them as
          JSON, CSV or Excel. An alternative to costly platforms and API rate limits: no hidden fees, no
          pay-per-query charges, and your first 1,000 records are free.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/signup" className={buttonClasses({ size: 'lg' })}>
            Get Started Now
          </Link>
          <Link to="/login" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Log In
          </Link>
        </div>
      </Container>
    </section>
  );
}
