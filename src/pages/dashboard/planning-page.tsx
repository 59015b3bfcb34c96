import type { FC } from "hono/jsx";
import type { ProfileView } from "../../domain/accounts/index.js";
import type { PostView } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, StateBadge, when } from "./dashboard-layout.js";
import { NetworkLogo } from "./network-logo.js";
import { networkName } from "./plain-words.js";
import { zones } from "./post-form-read.js";

const dayNames: Record<string, string> = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };

/** One post waiting for a decision: what it says, where and when it goes, approve or reject with a reason. */
const Waiting: FC<{ frame: Frame; post: PostView }> = ({ frame, post }) => (
  <li id={`approval-${post.id}`} class="approval">
    <p class="quote">{post.text || "(no text)"}</p>
    <p>
      {post.targets.map((t) => (
        <>
          <NetworkLogo platform={t.platform} /> {networkName(t.platform)} @{t.handle}{" "}
        </>
      ))}
    </p>
    <p class="muted">
      {post.scheduledAt ? `Goes out ${when(post.scheduledAt)} once approved` : "Publishes as soon as it is approved"}
      {post.approval ? ` · held by the ${post.approval.requiredBy} rule${post.approval.proposedBy ? `, proposed by agent ${post.approval.proposedBy}` : ""}` : ""} ·{" "}
      <a href={`/dashboard/posts/${post.id}`}>Open the post</a>
    </p>
    <div class="decide">
      <form method="post" action={`/dashboard/posts/${post.id}/approve`}>
        <Csrf token={frame.csrf} />
        <label class="check" for={`force-${post.id}`}>
          <input type="checkbox" id={`force-${post.id}`} name="force" value="yes" />
          If a network would now refuse it, send it to the others anyway
        </label>
        <button class="primary" type="submit" id={`approve-${post.id}`}>
          Approve
        </button>
      </form>
      <form method="post" action={`/dashboard/posts/${post.id}/reject`}>
        <Csrf token={frame.csrf} />
        <label for={`reason-${post.id}`}>Reason for rejecting (kept on the post)</label>
        <textarea id={`reason-${post.id}`} name="reason" rows={2} maxlength={1000}></textarea>
        <button class="danger" type="submit" id={`reject-${post.id}`}>
          Reject
        </button>
      </form>
    </div>
  </li>
);

export const ApprovalsPage: FC<{ frame: Frame; posts: PostView[]; more: boolean; notice?: string | undefined }> = ({ frame, posts, more, notice }) => (
  <DashboardLayout title="Approvals" section="approvals" frame={frame}>
    <Notice notice={notice} />
    <section class="card" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting for a decision</h2>
      <p class="muted">Each post is checked again when you approve it. Rejecting asks first and cannot be undone.</p>
      {posts.length === 0 ? (
        <p id="no-approvals">Nothing is waiting for approval.</p>
      ) : (
        <ul class="items" id="approvals">
          {posts.map((post) => (
            <Waiting frame={frame} post={post} />
          ))}
        </ul>
      )}
      {more ? <p class="muted">More posts wait than this page shows: decide these first.</p> : null}
    </section>
  </DashboardLayout>
);

export interface ProfileQueue {
  profile: ProfileView;
  queue: { timezone: string; slots: { day: string; time: string }[]; paused: boolean };
  free: { at: string; local: string }[];
  upcoming: PostView[];
}

/** The local wall time of a slot (`2030-01-31T09:30:00+01:00` → `2030-01-31 09:30`). */
const local = (iso: string) => iso.slice(0, 16).replace("T", " ");

const OneQueue: FC<{ frame: Frame; q: ProfileQueue }> = ({ frame, q }) => (
  <section class="card" aria-labelledby={`queue-${q.profile.id}-title`} id={`queue-${q.profile.id}`}>
    <h2 id={`queue-${q.profile.id}-title`}>
      {q.profile.username} {q.queue.paused ? <span class="badge state-draft">paused</span> : null}
    </h2>
    {q.queue.slots.length === 0 ? (
      <p class="muted">No time slots: posts cannot be queued for this profile yet.</p>
    ) : (
      <>
        <h3>Time slots ({q.queue.timezone.replaceAll("_", " ")})</h3>
        <ul class="slot-list">
          {q.queue.slots.map((s) => (
            <li>
              {dayNames[s.day] ?? s.day} {s.time}
            </li>
          ))}
        </ul>
        <h3>Next free slots</h3>
        {q.free.length === 0 ? (
          <p class="muted">Every slot ahead is taken.</p>
        ) : (
          <ul class="slot-list free-slots">
            {q.free.map((s) => (
              <li>
                <time datetime={s.at}>{local(s.local)}</time>
              </li>
            ))}
          </ul>
        )}
      </>
    )}
    <details>
      <summary>Change the time slots</summary>
      <form method="post" action={`/dashboard/profiles/${q.profile.id}/queue`} id={`queue-form-${q.profile.id}`}>
        <Csrf token={frame.csrf} />
        <label for={`queue-slots-${q.profile.id}`}>Slots, one per line (a day and a time, like Monday 09:00)</label>
        <textarea id={`queue-slots-${q.profile.id}`} name="slots" rows={4}>
          {q.queue.slots.map((s) => `${dayNames[s.day] ?? s.day} ${s.time}`).join("\n")}
        </textarea>
        <label for={`queue-tz-${q.profile.id}`}>Time zone of the slots</label>
        <select id={`queue-tz-${q.profile.id}`} name="timezone">
          {zones.map((zone) => (
            <option value={zone} selected={zone === q.queue.timezone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <label class="check" for={`queue-paused-${q.profile.id}`}>
          <input type="checkbox" id={`queue-paused-${q.profile.id}`} name="paused" value="yes" checked={q.queue.paused} />
          Paused (new posts cannot be queued; queued ones keep their time)
        </label>
        <button type="submit" id={`queue-save-${q.profile.id}`}>
          Save the queue
        </button>
      </form>
    </details>
    <h3>Upcoming posts</h3>
    {q.upcoming.length === 0 ? (
      <p class="muted">Nothing scheduled for this profile.</p>
    ) : (
      <ul class="items">
        {q.upcoming.map((post) => (
          <li>
            <StateBadge state={post.state} /> {when(post.scheduledAt)} <a href={`/dashboard/posts/${post.id}`}>{post.text.slice(0, 70) || post.id}</a>
          </li>
        ))}
      </ul>
    )}
  </section>
);

/** Each profile's queue: its weekly slots in its zone, the next free ones, and the posts scheduled for it. */
export const QueuePage: FC<{ frame: Frame; queues: ProfileQueue[]; notice?: string | undefined }> = ({ frame, queues, notice }) => (
  <DashboardLayout title="Queue" section="queue" frame={frame}>
    <Notice notice={notice} />
    {queues.length === 0 ? (
      <section class="card">
        <p id="no-profiles">No profiles yet: a queue belongs to a profile (a brand).</p>
      </section>
    ) : (
      queues.map((q) => <OneQueue frame={frame} q={q} />)
    )}
  </DashboardLayout>
);
