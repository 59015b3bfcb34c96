import type { FC } from "hono/jsx";
import type { AnalyticsReport } from "../../domain/insights/index.js";
import { analyticsPeriods } from "../../domain/insights/index.js";
import type { PostAnalytics } from "../../domain/insights/index.js";
import { type MetricValues, type NormalisedMetric, normalisedMetrics } from "../../networks/facets/analytics.js";
import { DailyChart, dailySeries } from "./daily-chart.js";
import { DashboardLayout, type Frame, StateBadge, when } from "./dashboard-layout.js";
import { type Column, DataTable } from "./data-table.js";
import { fixOf } from "./problems-list.js";
import { ReadNotice } from "./read-notice.js";
import { NetworkComparison, type RankedPost, TopPosts } from "./analytics-extras.js";

const labels: Record<NormalisedMetric, string> = {
  views: "Views",
  reach: "Reach",
  likes: "Likes",
  comments: "Comments",
  shares: "Shares",
  saves: "Saves",
  clicks: "Clicks",
  videoViews: "Video views",
  watchTimeSeconds: "Watch time (s)",
};

/** A number, or a dash where the network publishes no such number (never a made-up zero). */
const n = (value: number | null) => (value === null ? "—" : value.toLocaleString("en-US"));
const change = (value: number | null) => (value === null ? "—" : value > 0 ? `+${n(value)}` : n(value));

/** One column per normalised metric, after a table's own columns. */
const metricColumns = <T extends { metrics: MetricValues }>(): Column<T>[] => normalisedMetrics.map((m) => ({ head: labels[m], cell: (row: T) => n(row.metrics[m]) }));

type NetworkTotals = AnalyticsReport["networks"][number];
type AccountTotals = AnalyticsReport["accounts"][number];

const networkColumns: Column<NetworkTotals>[] = [
  { head: "Network", cell: (t) => t.platform, rowHeader: true },
  { head: "Accounts", cell: (t) => t.accounts },
  { head: "Followers", cell: (t) => n(t.followers) },
  { head: "Change", cell: (t) => change(t.followersChange) },
  ...metricColumns<NetworkTotals>(),
];

const accountColumns: Column<AccountTotals>[] = [
  {
    head: "Account",
    cell: (a) => (
      <>
        {a.platform} @{a.handle}
      </>
    ),
    rowHeader: true,
  },
  { head: "Source", cell: (a) => (a.source === "account" ? "account insights" : "totals of its posts") },
  { head: "Followers", cell: (a) => n(a.followers) },
  { head: "Change", cell: (a) => change(a.followersChange) },
  ...metricColumns<AccountTotals>(),
];

export const AnalyticsPage: FC<{ frame: Frame; report: AnalyticsReport; top: { ranked: RankedPost[]; looked: number } }> = ({ frame, report, top }) => (
  <DashboardLayout title="Analytics" section="analytics" frame={frame}>
    <nav class="sub" aria-label="Period">
      <ul>
        {analyticsPeriods.map((p) => (
          <li>
            <a href={`/dashboard/analytics?period=${p}`} aria-current={p === report.period ? "page" : undefined}>
              Last {p.replace("d", " days")}
            </a>
          </li>
        ))}
      </ul>
    </nav>
    <p class="muted" id="period">
      From {report.since} to {report.until} (UTC days).{" "}
      <a href={`/dashboard/analytics/export.csv?period=${report.period}`} id="export-csv" download>
        Export as CSV
      </a>
    </p>
    <section class="card" aria-labelledby="networks-title">
      <h2 id="networks-title">Per network</h2>
      {report.networks.length === 0 ? (
        <p class="muted">No account answered for this period.</p>
      ) : (
        <>
          <NetworkComparison networks={report.networks} metric="views" label="Views" />
          <NetworkComparison networks={report.networks} metric="likes" label="Likes" />
          <NetworkComparison networks={report.networks} metric="followers" label="Followers" />
          <DataTable id="network-totals" label="Totals per network" columns={networkColumns} rows={report.networks} rowAttributes={(t) => ({ "data-platform": t.platform })} />
        </>
      )}
    </section>
    <TopPosts ranked={top.ranked} looked={top.looked} />
    <section class="card" aria-labelledby="daily-title">
      <h2 id="daily-title">Daily</h2>
      <DailyChart id="daily-views" label="Views" points={dailySeries(report.accounts, "views", report.since, report.until)} />
      <DailyChart id="daily-likes" label="Likes" points={dailySeries(report.accounts, "likes", report.since, report.until)} />
    </section>
    <section class="card" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Per account</h2>
      {report.accounts.length === 0 ? (
        <p class="muted">No account answered for this period.</p>
      ) : (
        <DataTable id="account-totals" label="Totals per account" columns={accountColumns} rows={report.accounts} rowAttributes={(a) => ({ "data-account": a.account })} />
      )}
    </section>
    <ReadNotice problems={report.problems} id="problems" feature="analytics" />
  </DashboardLayout>
);

/** One post's numbers per target; a target without numbers says why, with the fix. */
export const PostAnalyticsPage: FC<{ frame: Frame; analytics: PostAnalytics }> = ({ frame, analytics }) => (
  <DashboardLayout title="Post analytics" section="analytics" frame={frame}>
    <p>
      <a href={`/dashboard/posts/${analytics.postId}`}>Back to the post</a>
    </p>
    <section class="card" aria-labelledby="targets-title">
      <h2 id="targets-title">
        Per network for <code>{analytics.postId}</code>
      </h2>
      <ul id="post-targets" class="items">
        {analytics.targets.map((t) => (
          <li data-platform={t.platform}>
            <strong>{t.platform}</strong> <code>{t.account}</code> <StateBadge state={t.state} />
            {t.url ? (
              <>
                {" "}
                <a href={t.url} rel="noopener noreferrer">
                  View on {t.platform}
                </a>
              </>
            ) : null}
            {t.metrics ? (
              <>
                <dl class="metrics">
                  {normalisedMetrics
                    .filter((m) => t.metrics?.[m] !== null)
                    .map((m) => (
                      <div>
                        <dt>{labels[m]}</dt>
                        <dd>{n(t.metrics?.[m] ?? null)}</dd>
                      </div>
                    ))}
                </dl>
                <p class="muted">
                  Read {when(t.fetchedAt)}
                  {t.cached ? " (cached)" : ""}.
                </p>
              </>
            ) : null}
            {t.problem ? (
              <div class="alert" data-code={t.problem.code}>
                <p>
                  <code>{t.problem.code}</code>: {t.problem.message}
                </p>
                {fixOf(t.problem.code) ? <p>How to fix: {fixOf(t.problem.code)}</p> : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  </DashboardLayout>
);
