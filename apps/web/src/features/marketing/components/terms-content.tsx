import { Link } from 'react-router';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const link = 'font-medium text-secondary-dark underline';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Threadcart you agree to these Terms of Service. If you do not agree,
        do not use the service.
      </p>
    ),
  },
  {
    title: 'Eligibility',
    body: <p>You must be 18 years of age or older to create an account and use Threadcart.</p>,
  },
  {
    title: 'Credits and Payments',
    body: (
      <>
        <p>
          Threadcart works with credits. 1,000 credits cost 1 USD, and one credit buys one delivered record.
          Volume discounts are available for large purchases; contact support for bulk pricing.
        </p>
        <p>
          New accounts receive 1,000 credits as a gift. Credits expire 7 to 90 days after purchase, depending
          on package size: fewer than 5,000 credits last 7 days, 5,000 to 24,999 last 30 days, 25,000 to
          99,999 last 60 days, and 100,000 or more last 90 days. Credits for records an order could not
          deliver are returned.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <>
        <p>You may not use Threadcart or the data it delivers for:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>spamming or manipulating content, votes or discussions;</li>
          <li>harvesting private user information;</li>
          <li>any illegal activity;</li>
          <li>reverse engineering the service.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Content and Availability',
    body: (
      <>
        <p>
          Threadcart delivers public forum content from its own corpus. The delivery, timing and availability
          of any content are not guaranteed, and an order may return fewer records than requested.
        </p>
        <p>
          Records whose authors asked for their removal are erased from the corpus and left out of every file
          delivered afterwards; files delivered before a removal are not recalled, and you agree to honour a
          removal we tell you of. Pseudonymised files replace authors by keyed hashes; you agree not to try to
          find out who is behind a pseudonym.
        </p>
      </>
    ),
  },
  {
    title: 'Your Account',
    body: (
      <p>
        You are responsible for keeping your password and API keys secret and for all activity on your
        account. You may delete your account at any time.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        The service is provided &quot;as is&quot;. To the extent the law allows, Threadcart is not liable for
        indirect or consequential losses arising from the use of the service or the data it delivers.
      </p>
    ),
  },
  {
    title: 'Privacy and Changes to These Terms',
    body: (
      <p>
        How we handle your data is described in our{' '}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>
        . We may update these terms; the date above shows the latest version.
      </p>
    ),
  },
];

export function TermsContent() {
  return <LegalPage title="Terms of Service" updated="November 22, 2026" sections={TERMS_SECTIONS} />;
}
