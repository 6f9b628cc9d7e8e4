import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Container } from '../../../components/ui/container.tsx';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { CreditsSection } from './credits-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
  { id: 'api-keys', label: 'API keys' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'payments', label: 'Payments' },
  { id: 'credits', label: 'Credits' },
  { id: 'your-data', label: 'Your data' },
] as const;

/** /account: profile, password, API keys, webhooks, payments, credits and the user's data, one section each. */
export function AccountPage() {
  const { hash } = useLocation();

  // The export e-mail links to /account#your-data; the page renders after the browser's own jump to the anchor.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);

  return (
    <Container className="max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-text-primary">{M.title}</h1>
      <nav aria-label="Account sections" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-full border border-gray-200 bg-surface px-3 py-1 font-medium text-secondary-dark hover:bg-gray-50"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 space-y-6">
        <ProfileSection />
        <PasswordSection />
        <ApiKeysSection />
        <WebhooksSection />
        <PaymentsSection />
        <CreditsSection />
        <YourDataSection />
      </div>
    </Container>
  );
}
