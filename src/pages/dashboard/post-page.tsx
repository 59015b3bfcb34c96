import type { FC } from "hono/jsx";
import type { PostView } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, StateBadge, when } from "./dashboard-layout.js";
import { TargetWarnings } from "./problems-list.js";

/** One post: every target's result, a failed target's error with its fix, the network's link. */
export const PostPage: FC<{ frame: Frame; post: PostView; notice?: string | undefined }> = ({ frame, post, notice }) => (
  <DashboardLayout title="Post" section="posts" frame={frame}>
    <Notice notice={notice} />
    <section class="card">
      <p>
        <StateBadge state={post.state} /> <code id="post-id">{post.id}</code>
      </p>
      <p id="post-text">{post.text}</p>
      <p class="muted">
        Created {when(post.createdAt)}
        {post.scheduledAt ? `, scheduled for ${when(post.scheduledAt)}` : ""}
        {post.publishedAt ? `, published ${when(post.publishedAt)}` : ""}
        {post.profile ? `, profile ${post.profile}` : ""}
      </p>
      {post.state === "published" ? (
        <p id="post-links">
          <a href={`/dashboard/posts/${post.id}/comments`}>Comments</a> · <a href={`/dashboard/posts/${post.id}/analytics`}>Analytics</a>
        </p>
      ) : null}
      {post.state === "scheduled" ? (
        <form method="post" action={`/dashboard/posts/${post.id}/cancel`}>
          <Csrf token={frame.csrf} />
          <button class="danger" id="cancel-post" type="submit">
            Cancel this post
          </button>
        </form>
      ) : null}
    </section>
    <section class="card" aria-labelledby="targets-title">
      <h2 id="targets-title">Networks</h2>
      <ul id="targets">
        {post.targets.map((t) => (
          <li id={`target-${t.platform}`}>
            <strong>{t.platform}</strong> @{t.handle} <StateBadge state={t.state} />
            {t.url ? (
              <>
                {" "}
                <a class="network-link" href={t.url} rel="noopener noreferrer">
                  View on {t.platform}
                </a>
              </>
            ) : null}
            {t.error ? (
              <div class="alert" role="alert">
                <p class="error-message">
                  <code>{t.error.code}</code>: {t.error.message}
                </p>
                {t.error.fix ? <p class="error-fix">How to fix: {t.error.fix}</p> : null}
              </div>
            ) : null}
            <TargetWarnings warnings={t.warnings} />
          </li>
        ))}
      </ul>
    </section>
  </DashboardLayout>
);
