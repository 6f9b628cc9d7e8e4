import { Link } from 'react-router';
import { SITE } from '../../../config/site.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const link = 'font-medium text-secondary-dark underline';
const UPDATED = 'November 28, 2026';

/** What the product does, from docs/product.md: only what exists. */
export const FEATURES_SECTIONS: LegalSection[] = [
  {
    title: 'A corpus of public Reddit posts and comments',
    body: (
      <p>
        Threadcart sells records from its own corpus, filled from the public Pushshift and Arctic Shift
        monthly dumps that researchers already use. An order never calls Reddit, so the same order on the same
        corpus returns the same records.
      </p>
    ),
  },
  {
    title: 'Orders built as filter trees',
    body: (
      <p>
        Combine keyword (whole words, phrases, prefixes), RE2 regular expressions, upvotes, comment and reply
        counts, dates, subreddits, authors, domains, flair, post kind, NSFW and removed flags in nested AND/OR
        groups. A free dry run counts the matches and shows sample records as you type.
      </p>
    ),
  },
  {
    title: 'Five file formats with a manifest',
    body: (
      <p>
        JSON, CSV, Excel (XLSX), NDJSON and Parquet, with the columns you choose, sorted by score, newest,
        oldest or as a seeded random sample. Each completed order has a manifest: checksum, corpus snapshot
        and a citation. Every column is described in the{' '}
        <Link to="/data-dictionary" className={link}>
          data dictionary
        </Link>
        .
      </p>
    ),
  },
  {
    title: 'Repeat orders, webhooks and an API',
    body: (
      <p>
        Repeat an order daily or weekly with only records you have not received; get a signed webhook when an
        order completes; place orders from scripts with an API key.
      </p>
    ),
  },
  {
    title: 'Credits, not subscriptions',
    body: (
      <p>
        One credit buys one delivered record; the first 1,000 are free. An order reserves its credits and
        returns those for records it cannot deliver. See{' '}
        <Link to="/pricing" className={link}>
          pricing
        </Link>
        .
      </p>
    ),
  },
];

export const ABOUT_SECTIONS: LegalSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        Threadcart was bootstrapped in Jordan by data experts who spent too long wrangling Reddit dumps for
        research. We built the tool we wanted: ask for exactly the records you need and get a clean file.
      </p>
    ),
  },
  {
    title: 'What we stand for',
    body: (
      <p>
        Public data only, no hidden fees, no pay-per-query charges, and retention periods we actually keep
        (see the{' '}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>
        ).
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Write to{' '}
        <a href={`mailto:${SITE.supportEmail}`} className={link}>
          {SITE.supportEmail}
        </a>
        .
      </p>
    ),
  },
];

export const REFUND_SECTIONS: LegalSection[] = [
  {
    title: 'Orders that deliver less',
    body: (
      <p>
        An order reserves its record count in credits. When it completes, the credits for records it could not
        deliver go back to your balance at once; a failed order costs nothing.
      </p>
    ),
  },
  {
    title: 'Refunds of purchases',
    body: (
      <p>
        Write to support to ask for a refund of a purchase; an administrator refunds it in full or in part
        through PayPal. A refund takes back the purchase's credits in proportion to the amount refunded, but
        only those still unspent: spent credits are never taken back, and your balance never goes below zero.
      </p>
    ),
  },
  {
    title: 'Expired credits',
    body: (
      <p>
        Credits expire 7 to 90 days after purchase, depending on package size (see the{' '}
        <Link to="/terms" className={link}>
          Terms of Service
        </Link>
        ). Expired credits are not refunded.
      </p>
    ),
  },
];

export function FeaturesContent() {
  return <LegalPage title="Features" updated={UPDATED} sections={FEATURES_SECTIONS} />;
}

export function AboutContent() {
  return <LegalPage title="About Us" updated={UPDATED} sections={ABOUT_SECTIONS} />;
}

export function RefundContent() {
  return <LegalPage title="Refund Policy" updated={UPDATED} sections={REFUND_SECTIONS} />;
}
