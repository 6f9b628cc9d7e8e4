import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { SAMPLE_COMMENTS, SAMPLE_POST } from '../sample-records.ts';

function RecordBlock({ label, record }: { label: string; record: object }) {
  return (
    <figure className="min-w-0 rounded-lg border border-gray-200 bg-surface shadow-sm">
      <figcaption className="border-b border-gray-200 px-4 py-2 text-sm font-semibold text-text-primary">
        {label}
      </figcaption>
      <pre className="whitespace-pre-wrap break-words p-4 font-mono text-xs leading-normal text-gray-800">
        {JSON.stringify(record, null, 2)}
      </pre>
    </figure>
  );
}

export function SampleDataSection() {
  return (
    <section className="bg-bg-primary py-16" aria-labelledby="sample-title">
      <Container>
        <h2 id="sample-title" className="text-center text-2xl font-bold text-text-primary sm:text-3xl">
          Real Reddit Data, Ready to Use
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-text-secondary">
          Every record keeps the fields you need. Sample records: one post and two of its comments.
        </p>
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          <RecordBlock label="Sample post" record={SAMPLE_POST} />
          {SAMPLE_COMMENTS.map((comment, index) => (
            <RecordBlock key={comment.id} label={`Sample comment ${index + 1}`} record={comment} />
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link to="/pricing" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            View Pricing Plans
          </Link>
        </div>
      </Container>
    </section>
  );
}
