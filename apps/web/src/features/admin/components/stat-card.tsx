import { Card } from '../../../components/ui/card.tsx';

/** A figure with its label and, below, its breakdown. */
export function StatCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="p-4">
      <p className="text-xs text-text-secondary uppercase">{label}</p>
      <p className="text-2xl font-semibold">{value}</p>
      {detail && <p className="text-xs text-text-secondary">{detail}</p>}
    </Card>
  );
}
