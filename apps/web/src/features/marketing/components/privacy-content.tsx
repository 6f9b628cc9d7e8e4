import { Link } from 'react-router';
import { SITE } from '../../../config/site.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const link = 'font-medium text-secondary-dark underline';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <ul className="list-disc space-y-1 pl-6">
        <li>Account data: your username and email address.</li>
        <li>Payment information, handled by our payment provider (PayPal); we never see your card number.</li>
        <li>Usage and search history: the orders you place and the files they produce.</li>
        <li>Technical data: IP address, device and browser.</li>
      </ul>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <p>
        We use this information to run your account, fulfil your orders, process payments, keep the service
        secure and improve it.
      </p>
    ),
  },
  {
    title: 'Cookies and Analytics',
    body: (
      <p>
        Sign-in uses secure, httpOnly session cookies. Page views are counted first-party without storing your
        IP address.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <ul className="list-disc space-y-1 pl-6">
        <li>Account data: kept for 365 days after the account is deleted, then purged.</li>
        <li>Payment records: kept for 7 years.</li>
        <li>Search history (orders and their files): deleted 90 days after the order.</li>
        <li>
          Sign-up gift: we keep a keyed hash of each mailbox that received the free credits, also after the
          account is deleted, so that a mailbox gets the gift only once. The hash does not reveal the address.
        </li>
      </ul>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>
          You may ask for access to your data, its correction or deletion, and opt out of marketing at any
          time. You can download your data and delete your account yourself.
        </p>
        <p>
          If you wrote Reddit posts or comments that are in our corpus, you may ask us to remove them through
          our{' '}
          <Link to="/removal" className={link}>
            removal request form
          </Link>
          : once approved, they are erased and never stored again, and no file delivered afterwards contains
          them. Files delivered before the removal are not recalled. Buyers may also order files whose authors
          are replaced by pseudonyms (a keyed hash, the same person the same pseudonym within a file) and
          whose texts are scrubbed of e-mail addresses, phone numbers, links and username mentions. A
          pseudonym does not make a text anonymous: a quoted sentence can still be searched for on Reddit.
        </p>
      </>
    ),
  },
  {
    title: 'Sharing',
    body: (
      <p>
        We do not sell your personal data. We share it only with the providers that run the service for us,
        such as the payment provider, or when the law requires it.
      </p>
    ),
  },
  {
    title: 'Contact and Terms',
    body: (
      <p>
        Questions about this policy:{' '}
        <a className={link} href={`mailto:${SITE.supportEmail}`}>
          {SITE.supportEmail}
        </a>
        . Use of the service is governed by our{' '}
        <Link to="/terms" className={link}>
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyContent() {
  return <LegalPage title="Privacy Policy" updated="November 22, 2026" sections={PRIVACY_SECTIONS} />;
}
