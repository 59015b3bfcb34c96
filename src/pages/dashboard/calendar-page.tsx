import type { FC } from "hono/jsx";
import type { PostView } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, Notice } from "./dashboard-layout.js";

/** `2030-01-31T09:30` for a datetime-local input, in UTC (the calendar's zone, said on the page). */
const localValue = (iso: string) => iso.slice(0, 16);

/** Scheduled posts grouped by UTC day, each with a move (new time) and a cancel form. */
export const CalendarPage: FC<{ frame: Frame; posts: PostView[]; notice?: string | undefined; error?: string | undefined }> = ({ frame, posts, notice, error }) => {
  const days = new Map<string, PostView[]>();
  for (const post of [...posts].sort((a, b) => (a.scheduledAt ?? "").localeCompare(b.scheduledAt ?? ""))) {
    const day = (post.scheduledAt ?? "").slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  return (
    <DashboardLayout title="Calendar" section="calendar" frame={frame}>
      <Notice notice={notice} />
      {error ? (
        <div class="alert" role="alert" id="error">
          {error}
        </div>
      ) : null}
      <section class="card">
        <p class="muted">Scheduled posts, by day. Times are in UTC.</p>
        {days.size === 0 ? <p id="no-scheduled">Nothing scheduled.</p> : null}
        {[...days].map(([day, items]) => (
          <div class="day">
            <h2>{day}</h2>
            <ul>
              {items.map((post) => (
                <li id={`scheduled-${post.id}`}>
                  <a href={`/dashboard/posts/${post.id}`}>{post.text.slice(0, 60) || post.id}</a> at {(post.scheduledAt ?? "").slice(11, 16)} UTC on {post.targets.map((t) => t.platform).join(", ")}
                  <form method="post" action={`/dashboard/posts/${post.id}/move`} class="row">
                    <Csrf token={frame.csrf} />
                    <div>
                      <label for={`move-${post.id}`}>New time (UTC)</label>
                      <input id={`move-${post.id}`} name="scheduledAt" type="datetime-local" required value={localValue(post.scheduledAt ?? "")} />
                    </div>
                    <div>
                      <button type="submit">Move</button>
                    </div>
                  </form>
                  <form method="post" action={`/dashboard/posts/${post.id}/cancel`}>
                    <Csrf token={frame.csrf} />
                    <button class="danger" type="submit" aria-label={`Cancel the post scheduled at ${post.scheduledAt ?? ""}`}>
                      Cancel
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </DashboardLayout>
  );
};
