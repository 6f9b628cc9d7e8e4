import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** One titled card of the account page; the id is the anchor the page's contents link to. */
export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card>
        <h2 id={headingId} className="text-xl font-semibold text-text-primary">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-text-secondary">{description}</p>}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
