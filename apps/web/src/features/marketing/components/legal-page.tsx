import type { ReactNode } from 'react';
import { Container } from '../../../components/ui/container.tsx';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A numbered legal document: title, last-updated line and its sections. */
export function LegalPage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <Container className="max-w-3xl py-12">
      <article>
        <h1 className="text-3xl font-bold text-text-primary sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-text-secondary">Last updated: {updated}</p>
        <ol className="mt-8 space-y-8">
          {sections.map((section, index) => (
            <li key={section.title}>
              <section aria-labelledby={`legal-${index + 1}`}>
                <h2 id={`legal-${index + 1}`} className="text-xl font-semibold text-text-primary">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-3 space-y-3 leading-relaxed text-gray-700">{section.body}</div>
              </section>
            </li>
          ))}
        </ol>
      </article>
    </Container>
  );
}
