import type { FC } from "hono/jsx";
import type { PostView, TargetView } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, StateBadge } from "./dashboard-layout.js";
import { momentIn } from "./calendar-time.js";
import { ZonePicker } from "./zone-picker.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName, plainProblem, plainText } from "./plain-words.js";

/** What a target's state means, for the person reading it. */
const stateWords: Record<string, string> = {
  pending: "Waiting to be sent.",
  publishing: "Being sent to the network now.",
  processing: "The network took the post and is still processing it (videos can take a few minutes). Reload this page to see the result.",
  unknown: "The network did not answer in time, so it is not yet known whether the post went out. Chorus checks with the network on its own and never sends it twice: look again in a few minutes.",
  cancelled: "Cancelled before it was sent.",
  retracted: "Taken down from the network.",
};

const TargetResult: FC<{ frame: Frame; post: PostView; target: TargetView }> = ({ frame, post, target: t }) => {
  const plain = t.error ? plainProblem(t.error, t.platform) : null;
  return (
    <li id={`target-${t.platform}`} class="target" data-state={t.state}>
      <p>
        <NetworkLogo platform={t.platform} /> <strong>{networkName(t.platform)}</strong> @{t.handle} <StateBadge state={t.state} />
        {t.url ? (
          <>
            {" "}
            <a class="network-link" href={t.url} rel="noopener noreferrer">
              View on {networkName(t.platform)}
            </a>
          </>
        ) : null}
      </p>
      {stateWords[t.state] ? <p class="state-words">{stateWords[t.state]}</p> : null}
      {t.state === "unknown" ? (
        <p>
          <a class="button" href={`/dashboard/posts/${post.id}`} id={`check-${t.platform}`}>
            Check again
          </a>
        </p>
      ) : null}
      {plain ? (
        <div class="alert" role="alert">
          <p class="error-message">{plain.message}</p>
          <p class="error-fix">How to fix: {plain.fix}</p>
          {plain.action === "reconnect" ? (
            <form method="post" action={`/dashboard/accounts/${t.account}/reconnect`} class="inline">
              <Csrf token={frame.csrf} />
              <button class="primary" type="submit" id={`reconnect-${t.platform}`}>
                Reconnect {networkName(t.platform)} @{t.handle}
              </button>
            </form>
          ) : (
            <a class="button primary" href={`/dashboard/compose?from=${post.id}`} id={`retry-${t.platform}`}>
              {plain.action === "wait" ? "Post it again" : "Edit and post again"}
            </a>
          )}
          <details>
            <summary>Technical details</summary>
            <p class="muted">Error code {t.error?.code}</p>
          </details>
        </div>
      ) : null}
      {t.warnings.map((w) => (
        <p class="muted">Note: {plainText(w.message)}</p>
      ))}
    </li>
  );
};

/** The post's times on the viewer's wall clock (the zone the address names), each with its offset; the zone the schedule was set in when another. */
const PostTimes: FC<{ post: PostView; zone: string }> = ({ post, zone }) => {
  const at = (iso: string) => momentIn(zone, new Date(iso));
  const ownZone = post.timezone && post.timezone !== zone ? ` (set in ${post.timezone.replaceAll("_", " ")})` : "";
  return (
    <p class="muted" id="post-times">
      Created {at(post.createdAt)}
      {post.scheduledAt ? `, scheduled for ${at(post.scheduledAt)}${ownZone}` : ""}
      {post.publishedAt ? `, published ${at(post.publishedAt)}` : ""}
      {post.profile ? `, profile ${post.profile}` : ""}
    </p>
  );
};

/** One post: every target's result in plain words with the button that fixes it, and what can still be done with the post. */
export const PostPage: FC<{ frame: Frame; post: PostView; notice?: string | undefined; zone: { zone: string; chosen: boolean } }> = ({ frame, post, notice, zone }) => {
  const anyPublished = post.targets.some((t) => t.state === "published");
  return (
    <DashboardLayout title="Post" section="posts" frame={frame}>
      <Notice notice={notice} />
      <section class="card">
        <p>
          <StateBadge state={post.state} />{" "}
          <span class="muted" id="post-id">
            {post.id}
          </span>
        </p>
        <p id="post-text" class="quote">
          {post.text}
        </p>
        <PostTimes post={post} zone={zone.zone} />
        <form method="get" action={`/dashboard/posts/${post.id}`} class="row" id="post-zone">
          <ZonePicker id="post-tz" zone={zone.zone} chosen={zone.chosen} />
          <div>
            <button type="submit" id="show-times">
              Show the times
            </button>
          </div>
        </form>
        {anyPublished ? (
          <p id="post-links">
            <a href={`/dashboard/posts/${post.id}/comments`}>Comments</a> · <a href={`/dashboard/posts/${post.id}/analytics`}>Analytics</a>
          </p>
        ) : null}
        {post.state === "draft" || post.state === "scheduled" ? (
          <div class="row actions">
            <a class="button" href={`/dashboard/posts/${post.id}/edit`} id="edit-post">
              {post.state === "draft" ? "Edit" : "Edit or reschedule"}
            </a>
            <form method="post" action={`/dashboard/posts/${post.id}/publish`}>
              <Csrf token={frame.csrf} />
              <button class="primary" type="submit" id={post.state === "draft" ? "publish-draft" : "publish-scheduled"}>
                Publish now
              </button>
            </form>
            <form method="post" action={`/dashboard/posts/${post.id}/${post.state === "draft" ? "delete" : "cancel"}`}>
              <Csrf token={frame.csrf} />
              <button class="danger" type="submit" id={post.state === "draft" ? "delete-draft" : "cancel-post"}>
                {post.state === "draft" ? "Delete draft" : "Cancel this post"}
              </button>
            </form>
          </div>
        ) : null}
        {post.state === "pending_approval" ? (
          <p class="actions">
            <a class="button primary" href={`/dashboard/approvals#approval-${post.id}`} id="decide-approval">
              Approve or reject
            </a>
          </p>
        ) : null}
        {post.approval?.decision === "rejected" && post.approval.reason ? <p id="rejection-reason">Rejected: {post.approval.reason}</p> : null}
      </section>
      <section class="card" aria-labelledby="targets-title">
        <h2 id="targets-title">Networks</h2>
        <ul id="targets" class="items">
          {post.targets.map((t) => (
            <TargetResult frame={frame} post={post} target={t} />
          ))}
        </ul>
      </section>
    </DashboardLayout>
  );
};
