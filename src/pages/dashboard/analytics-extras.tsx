import type { FC } from "hono/jsx";
import type { AnalyticsReport, PostAnalytics } from "../../domain/insights/index.js";
import type { PostView } from "../../domain/publishing/index.js";
import type { MetricValues, NormalisedMetric } from "../../networks/facets/analytics.js";
import { niceMax } from "./daily-chart.js";
import { type Column, DataTable } from "./data-table.js";
import { networkName } from "./plain-words.js";

/** A post with its numbers summed over the targets that have them (null: no target reported that metric). */
export interface RankedPost {
  post: PostView;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
}

const sum = (values: (number | null | undefined)[]) => {
  const known = values.filter((v): v is number => typeof v === "number");
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
};

/** Ranks by views, then likes: the two numbers most networks report. A post without either comes last. */
export function rankPosts(items: { post: PostView; analytics: PostAnalytics }[], limit: number): RankedPost[] {
  const ranked = items.map(({ post, analytics }) => {
    const of = (m: NormalisedMetric) => sum(analytics.targets.map((t) => t.metrics?.[m]));
    return { post, views: of("views"), likes: of("likes"), comments: of("comments"), shares: of("shares") };
  });
  return ranked
    .filter((r) => r.views !== null || r.likes !== null)
    .sort((a, b) => (b.views ?? -1) - (a.views ?? -1) || (b.likes ?? -1) - (a.likes ?? -1))
    .slice(0, limit);
}

const n = (value: number | null) => (value === null ? "—" : value.toLocaleString("en-US"));

const topColumns: Column<RankedPost>[] = [
  { head: "Post", cell: (r) => <a href={`/dashboard/posts/${r.post.id}/analytics`}>{r.post.text.slice(0, 70) || r.post.id}</a>, rowHeader: true },
  { head: "Networks", cell: (r) => [...new Set(r.post.targets.map((t) => networkName(t.platform)))].join(", ") },
  { head: "Views", cell: (r) => n(r.views) },
  { head: "Likes", cell: (r) => n(r.likes) },
  { head: "Comments", cell: (r) => n(r.comments) },
  { head: "Shares", cell: (r) => n(r.shares) },
];

export const TopPosts: FC<{ ranked: RankedPost[]; looked: number }> = ({ ranked, looked }) => (
  <section class="card" aria-labelledby="top-title">
    <h2 id="top-title">Top posts</h2>
    <p class="muted">The {looked} most recent posts published in this period, ranked by views, then likes.</p>
    {ranked.length === 0 ? (
      <p class="muted" id="no-top-posts">
        No post published in this period has numbers yet.
      </p>
    ) : (
      <DataTable id="top-posts" label="Top posts by views" columns={topColumns} rows={ranked} />
    )}
  </section>
);

type NetworkTotals = AnalyticsReport["networks"][number];

const W = 640;
const ROW = 28;
const LEFT = 130;

/** One metric per network as horizontal bars on one scale, with the value written at each bar's end. */
export const NetworkComparison: FC<{ networks: NetworkTotals[]; metric: keyof MetricValues | "followers"; label: string }> = ({ networks, metric, label }) => {
  const value = (t: NetworkTotals) => (metric === "followers" ? t.followers : t.metrics[metric]);
  const rows = networks.filter((t) => value(t) !== null);
  if (rows.length === 0) return <p class="muted">No network reported {label.toLowerCase()} for this period.</p>;
  const top = niceMax(Math.max(...rows.map((t) => value(t) ?? 0)));
  const H = rows.length * ROW + 24;
  const id = `compare-${metric}`;
  const summary = rows.map((t) => `${networkName(t.platform)} ${n(value(t))}`).join(", ");
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} id={id}>
        <title id={`${id}-title`}>{label} per network</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {rows.map((t, i) => {
          const v = value(t) ?? 0;
          const width = ((W - LEFT - 70) * v) / top;
          return (
            <g>
              <text x={LEFT - 8} y={i * ROW + 18} font-size="12" text-anchor="end" fill="#1d2330">
                {networkName(t.platform)}
              </text>
              <rect x={LEFT} y={i * ROW + 6} width={width.toFixed(1)} height={ROW - 10} fill="#1f4fd1">
                <title>{`${networkName(t.platform)}: ${n(v)} ${label.toLowerCase()}`}</title>
              </rect>
              <text x={(LEFT + width + 6).toFixed(1)} y={i * ROW + 18} font-size="12" fill="#1d2330">
                {n(v)}
              </text>
            </g>
          );
        })}
        <line x1={LEFT} y1={rows.length * ROW + 4} x2={W - 70} y2={rows.length * ROW + 4} stroke="#4a5263" />
        <text x={LEFT} y={H - 2} font-size="12" fill="#4a5263">
          0
        </text>
        <text x={W - 70} y={H - 2} font-size="12" text-anchor="end" fill="#4a5263">
          {top.toLocaleString("en-US")}
        </text>
      </svg>
      <figcaption class="muted">
        {label} per network: {summary}.
      </figcaption>
    </figure>
  );
};

/**
 * A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ (a
 * handle or text from a network) is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvOf = (rows: (string | number | null)[][]) => `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
