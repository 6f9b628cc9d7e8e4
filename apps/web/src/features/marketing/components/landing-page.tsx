import { AudienceSection } from './audience-section.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Hero } from './hero.tsx';
import { SampleDataSection } from './sample-data-section.tsx';

/** The landing page of docs/product.md §2.6, section by section. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <AudienceSection />
      <SampleDataSection />
      <ClosingCta />
    </>
  );
}
