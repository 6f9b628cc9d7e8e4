import { Link } from 'react-router';
import { Container } from '../../components/ui/container.tsx';
import { SITE } from '../../config/site.ts';

const QUICK_LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/features', label: 'Features' },
  { to: '/about', label: 'About Us' },
  { to: '/coverage', label: 'Corpus coverage' },
] as const;

const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/refund', label: 'Refund Policy' },
  { to: '/removal', label: 'Removal Requests' },
] as const;

const linkClasses = 'text-sm text-ink-text hover:text-white hover:underline';

function LinkColumn({
  title,
  links,
}: {
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClasses}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The slim footer of the signed-in app and the console (docs/decisions/033): the legal links and the copyright line,
 * without the marketing columns.
 */
export function AppFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="border-t border-gray-200 py-4 text-sm text-text-secondary">
      <Container className="flex flex-wrap items-center justify-between gap-3">
        <p>
          © {year} {SITE.name}. All rights reserved.
        </p>
        <ul className="flex flex-wrap gap-4" aria-label="Legal">
          {[
            ...LEGAL_LINKS,
            { to: '/data-dictionary', label: 'Data dictionary' },
            { to: '/coverage', label: 'Corpus coverage' },
          ].map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="hover:text-text-primary hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </footer>
  );
}

/**
 * Footer of the public site (docs/product.md §2.5): tagline, quick and legal links, social profiles, support, copyright.
 */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="bg-ink py-12 text-ink-text">
      <Container>
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <p className="text-xl font-bold text-white">{SITE.name}</p>
            <p className="mt-3 max-w-md text-sm">
              The ultimate tool for analytics and engagement on Reddit. Grow your presence with our suite of
              tools.
            </p>
            <ul className="mt-4 flex gap-4" aria-label="Social profiles">
              <li>
                <a href={SITE.instagramUrl} className={linkClasses} target="_blank" rel="noopener noreferrer">
                  Instagram
                </a>
              </li>
              <li>
                <a href={SITE.redditUrl} className={linkClasses} target="_blank" rel="noopener noreferrer">
                  Reddit
                </a>
              </li>
              <li>
                <a href={`mailto:${SITE.supportEmail}`} className={linkClasses}>
                  {SITE.supportEmail}
                </a>
              </li>
            </ul>
          </div>
          <LinkColumn title="Quick Links" links={QUICK_LINKS} />
          <LinkColumn title="Legal" links={LEGAL_LINKS} />
        </div>
        <p className="mt-10 border-t border-ink-line pt-6 text-sm">
          © {year} {SITE.name}. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}
