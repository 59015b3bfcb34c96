import type { FC } from "hono/jsx";
import type { AnalyticsReport } from "../../domain/analytics/account-analytics.js";
import { analyticsPeriods } from "../../domain/analytics/periods.js";
import type { PostAnalytics } from "../../domain/analytics/post-analytics.js";
import { type MetricValues, type NormalisedMetric, normalisedMetrics } from "../../networks/facets/analytics.js";
import { DailyChart, dailySeries } from "./daily-chart.js";
import { DashboardLayout, type Frame, StateBadge, when } from "./dashboard-layout.js";
import { ProblemsList, fixOf } from "./problems-list.js";

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

const MetricCells: FC<{ metrics: MetricValues }> = ({ metrics }) => (
  <>
    {normalisedMetrics.map((m) => (
      <td>{n(metrics[m])}</td>
    ))}
  </>
);

const MetricHeads: FC = () => (
  <>
    {normalisedMetrics.map((m) => (
      <th scope="col">{labels[m]}</th>
    ))}
  </>
);

export const AnalyticsPage: FC<{ frame: Frame; report: AnalyticsReport }> = ({ frame, report }) => (
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
      From {report.since} to {report.until} (UTC days).
    </p>
    <section class="card" aria-labelledby="networks-title">
      <h2 id="networks-title">Per network</h2>
      {report.networks.length === 0 ? (
        <p class="muted">No account answered for this period.</p>
      ) : (
        <div class="table-wrap" tabindex={0} role="region" aria-label="Totals per network (scrolls sideways)">
          <table id="network-totals">
            <thead>
              <tr>
                <th scope="col">Network</th>
                <th scope="col">Accounts</th>
                <th scope="col">Followers</th>
                <th scope="col">Change</th>
                <MetricHeads />
              </tr>
            </thead>
            <tbody>
              {report.networks.map((t) => (
                <tr data-platform={t.platform}>
                  <th scope="row">{t.platform}</th>
                  <td>{t.accounts}</td>
                  <td>{n(t.followers)}</td>
                  <td>{change(t.followersChange)}</td>
                  <MetricCells metrics={t.metrics} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
        <div class="table-wrap" tabindex={0} role="region" aria-label="Totals per account (scrolls sideways)">
          <table id="account-totals">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Source</th>
                <th scope="col">Followers</th>
                <th scope="col">Change</th>
                <MetricHeads />
              </tr>
            </thead>
            <tbody>
              {report.accounts.map((a) => (
                <tr data-account={a.account}>
                  <th scope="row">
                    {a.platform} @{a.handle}
                  </th>
                  <td>{a.source === "account" ? "account insights" : "totals of its posts"}</td>
                  <td>{n(a.followers)}</td>
                  <td>{change(a.followersChange)}</td>
                  <MetricCells metrics={a.metrics} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
    <ProblemsList problems={report.problems} id="problems" title="Accounts without numbers here" />
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
                <p class="muted">Read {when(t.fetchedAt)}{t.cached ? " (cached)" : ""}.</p>
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
