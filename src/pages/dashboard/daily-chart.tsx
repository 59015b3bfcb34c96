import type { FC } from "hono/jsx";
import type { AccountAnalytics } from "../../domain/insights/index.js";
import { daysBetween } from "../../domain/insights/index.js";
import type { NormalisedMetric } from "../../networks/facets/analytics.js";
import { type Column, DataTable } from "./data-table.js";

export interface DailyPoint {
  date: string;
  /** null: no account in scope reported this metric for the day (not a zero). */
  value: number | null;
}

/** One metric summed over the accounts that report a daily series, for every day of the period. */
export function dailySeries(accounts: AccountAnalytics[], metric: NormalisedMetric, since: string, until: string): DailyPoint[] {
  const totals = new Map<string, number>();
  for (const account of accounts) {
    for (const day of account.daily ?? []) {
      const value = day.metrics[metric];
      if (value !== null) totals.set(day.date, (totals.get(day.date) ?? 0) + value);
    }
  }
  return daysBetween(since, until).map((date) => ({ date, value: totals.get(date) ?? null }));
}

const W = 640;
const H = 160;
const PAD = 24;

/**
 * A daily series as inline SVG bars (no library, no script): the image is described by its
 * title and a summary, and the same numbers follow in a table for screen readers and for anyone
 * who wants the exact values. Days without a number leave a gap, never a zero bar.
 */
/** The chart's numbers as a table, for screen readers and for reading exact values. */
const dayColumns = (label: string): Column<DailyPoint>[] => [
  { head: "Day", cell: (p) => p.date, rowHeader: true },
  { head: label, cell: (p) => (p.value === null ? "—" : p.value) },
];

export const DailyChart: FC<{ id: string; label: string; points: DailyPoint[] }> = ({ id, label, points }) => {
  const known = points.filter((p): p is { date: string; value: number } => p.value !== null);
  if (known.length === 0) return <p class="muted">No daily {label.toLowerCase()} reported for this period.</p>;
  const max = Math.max(1, ...known.map((p) => p.value));
  const total = known.reduce((sum, p) => sum + p.value, 0);
  const peak = known.reduce((best, p) => (p.value > best.value ? p : best));
  const step = (W - 2 * PAD) / points.length;
  const summary = `${label} per day from ${points[0]?.date} to ${points.at(-1)?.date}: ${total} in all, highest ${peak.value} on ${peak.date}, ${points.length - known.length} days without a number.`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} id={id} preserveAspectRatio="none">
        <title id={`${id}-title`}>{label} per day</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke="#8a93a3" />
        {points.map((p, i) =>
          p.value === null ? null : (
            <rect
              x={(PAD + i * step + step * 0.1).toFixed(1)}
              y={(H - PAD - ((H - 2 * PAD) * p.value) / max).toFixed(1)}
              width={(step * 0.8).toFixed(1)}
              height={(((H - 2 * PAD) * p.value) / max).toFixed(1)}
              fill="#1f4fd1"
            >
              <title>{`${p.date}: ${p.value}`}</title>
            </rect>
          ),
        )}
        <text x={PAD} y={PAD - 8} font-size="12" fill="#1d2330">
          {`max ${max}`}
        </text>
      </svg>
      <figcaption class="muted">{summary}</figcaption>
      <details>
        <summary>{label} per day as a table</summary>
        <DataTable label={`${label} per day`} caption={`${label} per day`} columns={dayColumns(label)} rows={points} />
      </details>
    </figure>
  );
};
