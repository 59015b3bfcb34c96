import type { FC } from "hono/jsx";
import type { PostView } from "../../domain/publishing/index.js";
import { postStates } from "../../domain/publishing/index.js";
import { DashboardLayout, type Frame, StateBadge, when } from "./dashboard-layout.js";
import { type Column, DataTable } from "./data-table.js";

const postColumns: Column<PostView>[] = [
  { head: "Post", cell: (p) => <a href={`/dashboard/posts/${p.id}`}>{p.text.slice(0, 80) || p.id}</a> },
  { head: "State", cell: (p) => <StateBadge state={p.state} /> },
  { head: "Networks", cell: (p) => p.targets.map((t) => t.platform).join(", ") },
  { head: "Created", cell: (p) => when(p.createdAt) },
];

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
      {posts.length === 0 ? <p id="no-posts">No posts{state ? ` in state ${state}` : ""}.</p> : <DataTable id="posts" label="Posts" columns={postColumns} rows={posts} />}
      {cursor ? (
        <p>
          <a href={`/dashboard/posts?${new URLSearchParams({ ...(state ? { state } : {}), cursor }).toString()}`}>Older posts</a>
        </p>
      ) : null}
    </section>
  </DashboardLayout>
);
