import { Container } from '../../../components/ui/container.tsx';

const AUDIENCES = [
  {
    title: 'Researchers',
    text: 'Export datasets for natural language processing, sentiment studies and trend analysis.',
  },
  {
    title: 'Marketers',
    text: 'See how real users talk about your niche, your brand and your competitors.',
  },
  {
    title: 'Developers',
    text: 'Skip writing and babysitting scrapers: get clean, structured records in minutes.',
  },
] as const;

export function AudienceSection() {
  return (
    <section className="py-16" aria-labelledby="audience-title">
      <Container>
        <h2 id="audience-title" className="text-center text-2xl font-bold text-text-primary sm:text-3xl">
          Who Is It For?
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((audience) => (
            <li key={audience.title} className="rounded-lg border border-gray-200 bg-surface p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-text-primary">{audience.title}</h3>
              <p className="mt-2 text-text-secondary">{audience.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
