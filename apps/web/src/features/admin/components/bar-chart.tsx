/** A small bar chart (SVG, no library): one bar per point, its value in the bar's title for a hover. */
export function BarChart({
  title,
  points,
  format = String,
}: {
  title: string;
  points: readonly { label: string; value: number }[];
  format?: (value: number) => string;
}) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const width = 600;
  const height = 120;
  const barWidth = width / Math.max(1, points.length);
  return (
    <figure className="w-full">
      <figcaption className="mb-1 text-sm font-semibold">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="h-32 w-full">
        {points.map((point, i) => {
          const h = (point.value / max) * (height - 4);
          return (
            <rect
              key={point.label}
              x={i * barWidth + 1}
              y={height - h}
              width={Math.max(1, barWidth - 2)}
              height={h}
              className="fill-secondary-dark"
            >
              <title>{`${point.label}: ${format(point.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-text-secondary">
        <span>{points[0]?.label}</span>
        <span>{points.at(-1)?.label}</span>
      </div>
    </figure>
  );
}
