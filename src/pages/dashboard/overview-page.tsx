import type { FC } from "hono/jsx";
import type { getLimits } from "../../domain/workspaces/index.js";
import type { FailedPost } from "../../domain/publishing/index.js";
import { DashboardLayout, type Frame, StateBadge, when } from "./dashboard-layout.js";

export interface OverviewModel {
  limits: Awaited<ReturnType<typeof getLimits>>;
  failed: FailedPost[];
}

/** Plan, credits and their history, the limits in force, and what needs the owner's action. */
export const OverviewPage: FC<{ frame: Frame; model: OverviewModel }> = ({ frame, model }) => {
  const { limits, failed } = model;
  const reauth = limits.connected.filter((a) => a.status === "needs_reauth");
  return (
    <DashboardLayout title="Overview" section="overview" frame={frame}>
      <section class="card" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan and credits ({frame.viewMode} ledger)</h2>
        <div class="grid">
          <div class="stat">
            Plan <strong id="plan">{limits.billing.mode}</strong>
          </div>
          <div class="stat">
            Credits left <strong id="credits-total">{limits.credits.total}</strong>
            <span class="muted">
              {limits.credits.monthly} of {limits.credits.monthlyAllowance} monthly, {limits.credits.pack} from packs
            </span>
          </div>
          <div class="stat">
            API requests <strong>{limits.rateLimits.apiPerMinute}/min</strong>
            <span class="muted">per profile {limits.rateLimits.profile.apiPerMinute}/min</span>
          </div>
          <div class="stat">
            Posts <strong>{limits.rateLimits.postsPerMinute}/min</strong>
            <span class="muted">per profile {limits.rateLimits.profile.postsPerMinute}/min</span>
          </div>
        </div>
        {limits.credits.blockedPlatforms.length ? <p>Not available on this plan: {limits.credits.blockedPlatforms.join(", ")}.</p> : null}
        <p>
          <a href="/dashboard/credits">Credit history</a>
        </p>
      </section>
      <section class="card" aria-labelledby="action-title">
        <h2 id="action-title">Needs your action</h2>
        {reauth.length === 0 && failed.length === 0 ? <p id="nothing-to-do">Nothing: every account is connected and no post failed.</p> : null}
        {reauth.length ? (
          <ul>
            {reauth.map((a) => (
              <li>
                {a.platform} @{a.handle} needs to be reconnected: <a href="/dashboard/accounts">Social accounts</a>
              </li>
            ))}
          </ul>
        ) : null}
        {failed.length ? (
          <ul id="failed-posts">
            {failed.map((post) => (
              <li>
                <StateBadge state={post.state} /> <a href={`/dashboard/posts/${post.id}`}>{post.text.slice(0, 80) || post.id}</a> ({when(post.createdAt)})
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section class="card" aria-labelledby="accounts-title">
        <h2 id="accounts-title">Connected accounts</h2>
        <p>
          {limits.connected.length} connected. <a href="/dashboard/accounts">Manage accounts</a>
        </p>
      </section>
    </DashboardLayout>
  );
};
