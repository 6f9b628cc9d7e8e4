import { Bar, BarChart as Chart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One series of a bar chart: its key in each row, its name and a theme colour (a CSS variable, both themes). */
export interface BarSeries {
  readonly key: string;
  readonly name: string;
  readonly color: string;
}

/** One bar (or stack of bars): its label and a value per series, with an optional range to say beside it. */
export interface BarRow {
  readonly label: string;
  readonly values: Readonly<Record<string, number>>;
  /** said in the table after the value, e.g. "95 % range 10–14" */
  readonly notes?: Readonly<Record<string, string>>;
}

interface BarChartProps {
  readonly title: string;
  readonly rows: readonly BarRow[];
  readonly series: readonly BarSeries[];
  /** horizontal bars, labels down the side: a ranked list */
  readonly isRanked?: boolean;
  readonly height?: number;
  /** a bar's action (click, or the table's button for keyboards and screen readers) */
  readonly onSelect?: (row: BarRow) => void;
  readonly selectLabel?: (row: BarRow) => string;
}

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * A bar chart (recharts, decision 044) with the same figures as a table below it for screen readers and keyboards:
 * the chart is a picture of the table, so it is hidden from assistive technology and every action is also a button
 * in the table. Colours are theme variables, so both themes keep their contrast.
 */
export function BarChart({
  title,
  rows,
  series,
  isRanked = false,
  height = 160,
  onSelect,
  selectLabel,
}: BarChartProps) {
  const data = rows.map((row) => ({ label: row.label, ...row.values }));
  const handleClick = (index: number) => {
    const row = rows[index];
    if (row && onSelect) onSelect(row);
  };
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-text-primary">{title}</figcaption>
      <div aria-hidden="true" style={{ height: isRanked ? Math.max(height, rows.length * 22 + 20) : height }}>
        <ResponsiveContainer width="100%" height="100%">
          <Chart
            // The chart is hidden from assistive technology (the table is its text): nothing in it takes focus.
            accessibilityLayer={false}
            data={data}
            layout={isRanked ? 'vertical' : 'horizontal'}
            margin={{ top: 4, right: 8, bottom: 4, left: 4 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-gray-200)" />
            {isRanked ? (
              <>
                <XAxis type="number" hide />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={96}
                  tick={{ fill: 'var(--color-text-secondary)', fontSize: 11 }}
                />
              </>
            ) : (
              <>
                <XAxis dataKey="label" tick={{ fill: 'var(--color-text-secondary)', fontSize: 11 }} />
                <YAxis width={40} tick={{ fill: 'var(--color-text-secondary)', fontSize: 11 }} />
              </>
            )}
            <Tooltip
              contentStyle={{
                background: 'var(--color-surface)',
                borderColor: 'var(--color-gray-200)',
                color: 'var(--color-text-primary)',
              }}
            />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stackId="all"
                fill={s.color}
                cursor={onSelect ? 'pointer' : undefined}
                onClick={(_, index) => handleClick(index)}
              />
            ))}
          </Chart>
        </ResponsiveContainer>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-text-secondary">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{isRanked ? 'Name' : 'From'}</th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="text-right">
                  {s.name}
                </th>
              ))}
              {onSelect && (
                <th scope="col" className="sr-only">
                  Action
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="font-normal">
                  {row.label}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="text-right">
                    {numberFormat.format(row.values[s.key] ?? 0)}
                    {row.notes?.[s.key] ? (
                      <span className="text-text-secondary"> ({row.notes[s.key]})</span>
                    ) : null}
                  </td>
                ))}
                {onSelect && (
                  <td className="text-right">
                    <button
                      type="button"
                      className="text-secondary-dark underline"
                      onClick={() => onSelect(row)}
                    >
                      {selectLabel ? selectLabel(row) : 'Add as a rule'}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
