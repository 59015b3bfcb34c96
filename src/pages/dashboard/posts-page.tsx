import type { FC } from "hono/jsx";
import type { PostView } from "../../domain/posts/post-view.js";
import { postStates } from "../../domain/posts/read-posts.js";
import { DashboardLayout, type Frame, StateBadge, when } from "./dashboard-layout.js";

/** Posts newest first, filtered by state with a plain GET form (works without script). */
export const PostsPage: FC<{ frame: Frame; posts: PostView[]; state: string | undefined; cursor: string | null }> = ({ frame, posts, state, cursor }) => (
  <DashboardLayout title="Posts" section="posts" frame={frame}>
    <section class="card">
      <form method="get" action="/dashboard/posts" class="row">
        <div>
          <label for="state">State</label>
          <select id="state" name="state">
            <option value="">All states</option>
            {postStates.map((s) => (
              <option value={s} selected={s === state}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit">Filter</button>
        </div>
      </form>
    </section>
    <section class="card" aria-label="Posts">
      {posts.length === 0 ? (
        <p id="no-posts">No posts{state ? ` in state ${state}` : ""}.</p>
      ) : (
        <div class="table-wrap" tabindex={0} role="region" aria-label="Posts (scrolls sideways)">
          <table id="posts">
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col">State</th>
                <th scope="col">Networks</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr>
                  <td>
                    <a href={`/dashboard/posts/${p.id}`}>{p.text.slice(0, 80) || p.id}</a>
                  </td>
                  <td>
                    <StateBadge state={p.state} />
                  </td>
                  <td>{p.targets.map((t) => t.platform).join(", ")}</td>
                  <td>{when(p.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor ? (
        <p>
          <a href={`/dashboard/posts?${new URLSearchParams({ ...(state ? { state } : {}), cursor }).toString()}`}>Older posts</a>
        </p>
      ) : null}
    </section>
  </DashboardLayout>
);
