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
const H = 200;
const LEFT = 56;
const RIGHT = 12;
const TOP = 14;
const BOTTOM = 40;

/** A round top for the value axis (1, 2 or 5 times a power of ten) so its ticks read as plain numbers. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** `Jan 31` from `2030-01-31`. */
const shortDate = (date: string) => {
  const [, month = 1, day = 1] = date.split("-").map(Number);
  return `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]} ${day}`;
};

/** The chart's numbers as a table, for screen readers and for reading exact values. */
const dayColumns = (label: string): Column<DailyPoint>[] => [
  { head: "Day", cell: (p) => p.date, rowHeader: true },
  { head: label, cell: (p) => (p.value === null ? "—" : p.value) },
];

/**
 * A daily series as inline SVG bars (no library, no script): a value axis with round ticks, a
 * date axis labelled about once a week, each bar's day and value as its tooltip. The image is
 * described by its title and a summary, and the same numbers follow in a table. Days without a
 * number leave a gap, never a zero bar.
 */
export const DailyChart: FC<{ id: string; label: string; points: DailyPoint[] }> = ({ id, label, points }) => {
  const known = points.filter((p): p is { date: string; value: number } => p.value !== null);
  if (known.length === 0) return <p class="muted">No daily {label.toLowerCase()} reported for this period.</p>;
  const top = niceMax(Math.max(...known.map((p) => p.value)));
  const total = known.reduce((sum, p) => sum + p.value, 0);
  const peak = known.reduce((best, p) => (p.value > best.value ? p : best));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const step = plotW / points.length;
  const y = (value: number) => TOP + plotH - (plotH * value) / top;
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  const summary = `${label} per day from ${points[0]?.date} to ${points.at(-1)?.date}: ${total} in all, highest ${peak.value} on ${peak.date}, ${points.length - known.length} days without a number.`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} id={id}>
        <title id={`${id}-title`}>{label} per day</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, top / 2, top].map((tick) => (
          <g class="tick">
            <line x1={LEFT} y1={y(tick).toFixed(1)} x2={W - RIGHT} y2={y(tick).toFixed(1)} stroke={tick === 0 ? "#4a5263" : "#dde1e8"} />
            <text x={LEFT - 6} y={(y(tick) + 4).toFixed(1)} font-size="12" text-anchor="end" fill="#1d2330">
              {tick.toLocaleString("en-US")}
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <>
            {p.value === null ? null : (
              <rect x={(LEFT + i * step + step * 0.1).toFixed(1)} y={y(p.value).toFixed(1)} width={(step * 0.8).toFixed(1)} height={(TOP + plotH - y(p.value)).toFixed(1)} fill="#1f4fd1">
                <title>{`${p.date}: ${p.value.toLocaleString("en-US")} ${label.toLowerCase()}`}</title>
              </rect>
            )}
            {i % labelEvery === 0 || (i === points.length - 1 && i % labelEvery >= labelEvery / 2) ? (
              <text x={(LEFT + i * step + step / 2).toFixed(1)} y={H - BOTTOM + 16} font-size="12" text-anchor="middle" fill="#1d2330">
                {shortDate(p.date)}
              </text>
            ) : null}
          </>
        ))}
        <text x={LEFT + plotW / 2} y={H - 4} font-size="12" text-anchor="middle" fill="#4a5263">
          Day (UTC)
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
