import type { FC } from "hono/jsx";
import type { PostView } from "../../domain/publishing/index.js";
import { type CalendarDay, type CalendarQuery, calendarHref, dayIn, dayTitle, periodTitle, shortWeekdays, stepOf, timeIn } from "./calendar-time.js";
import { Csrf, DashboardLayout, type Frame, Notice, StateBadge } from "./dashboard-layout.js";
import { networkName } from "./plain-words.js";
import { ZonePicker } from "./zone-picker.js";

/** A queue time no post holds yet. */
export interface FreeSlot {
  at: Date;
  profile: string;
  paused: boolean;
}

interface Model {
  query: CalendarQuery;
  days: CalendarDay[];
  posts: PostView[];
  slots: FreeSlot[];
  /** More posts in the period than one page holds. */
  more: boolean;
}

const timeOf = (post: PostView) => new Date(post.publishedAt ?? post.scheduledAt ?? post.createdAt);

/** The fields every calendar form carries back, so the answer shows the same view, day and zone. */
const Back: FC<{ query: CalendarQuery }> = ({ query }) => (
  <>
    <input type="hidden" name="view" value={query.view} />
    <input type="hidden" name="day" value={query.anchor} />
    <input type="hidden" name="tz" value={query.zone} />
  </>
);

/**
 * A scheduled post can be dragged to another day (dashboard.js submits its Move form with the new
 * date, keeping the time); the same form, under "Reschedule", is the keyboard's and no-script way.
 */
const PostEntry: FC<{ frame: Frame; query: CalendarQuery; post: PostView }> = ({ frame, query, post }) => {
  const at = timeOf(post);
  const movable = post.state === "scheduled";
  const networks = [...new Set(post.targets.map((t) => networkName(t.platform)))].join(", ");
  return (
    <li class="cal-post" id={`scheduled-${post.id}`} data-post={movable ? post.id : undefined} draggable={movable ? "true" : undefined}>
      <p>
        <time datetime={at.toISOString()}>{timeIn(query.zone, at)}</time> <StateBadge state={post.state} /> <a href={`/dashboard/posts/${post.id}`}>{post.text.slice(0, 60) || "(no text)"}</a>
      </p>
      <p class="muted">{networks}</p>
      {movable ? (
        <details>
          <summary>Reschedule</summary>
          <form method="post" action={`/dashboard/posts/${post.id}/move`} id={`move-${post.id}`}>
            <Csrf token={frame.csrf} />
            <Back query={query} />
            <input type="hidden" name="timezone" value={query.zone} />
            <label for={`move-date-${post.id}`}>New date</label>
            <input id={`move-date-${post.id}`} name="scheduleDate" type="date" required value={dayIn(query.zone, at)} />
            <label for={`move-time-${post.id}`}>New time ({query.zone.replaceAll("_", " ")})</label>
            <input id={`move-time-${post.id}`} name="scheduleTime" type="time" required value={timeIn(query.zone, at)} />
            <p class="row">
              <button type="submit" id={`move-button-${post.id}`}>
                Move
              </button>
            </p>
          </form>
          <form method="post" action={`/dashboard/posts/${post.id}/cancel`}>
            <Csrf token={frame.csrf} />
            <Back query={query} />
            <button class="danger" type="submit" id={`cancel-${post.id}`}>
              Cancel this post
            </button>
          </form>
        </details>
      ) : null}
    </li>
  );
};

const Day: FC<{ frame: Frame; query: CalendarQuery; day: CalendarDay; posts: PostView[]; slots: FreeSlot[] }> = ({ frame, query, day, posts, slots }) => {
  const entries = [...posts.map((p) => ({ at: timeOf(p).getTime(), post: p })), ...slots.map((s) => ({ at: s.at.getTime(), slot: s }))].sort((a, b) => a.at - b.at);
  const empty = entries.length === 0;
  return (
    <li class={`cal-day${day.inMonth ? "" : " outside"}${empty ? " empty" : ""}`} data-date={day.date} id={`day-${day.date}`}>
      <h3 id={`day-title-${day.date}`}>
        <time datetime={day.date}>{dayTitle(day)}</time>
      </h3>
      {empty ? (
        <p class="muted cal-nothing">Nothing</p>
      ) : (
        <ul class="cal-entries">
          {entries.map((e) =>
            "post" in e && e.post ? (
              <PostEntry frame={frame} query={query} post={e.post} />
            ) : "slot" in e && e.slot ? (
              <li class="cal-slot">
                <time datetime={e.slot.at.toISOString()}>{timeIn(query.zone, e.slot.at)}</time> free queue slot, {e.slot.profile}
                {e.slot.paused ? " (queue paused)" : ""}
              </li>
            ) : null,
          )}
        </ul>
      )}
    </li>
  );
};

/** The view, period and zone pickers: links and one GET form, all working without script. */
const Controls: FC<{ query: CalendarQuery; days: CalendarDay[] }> = ({ query, days }) => {
  const grid = query.view === "month" ? "month" : "week";
  const step = stepOf(grid, query.anchor);
  return (
    <section class="card cal-controls">
      <nav class="sub" aria-label="Calendar view">
        <ul>
          <li>
            <a href={calendarHref({ ...query, view: "week" })} aria-current={query.view === "week" ? "page" : undefined}>
              Week
            </a>
          </li>
          <li>
            <a href={calendarHref({ ...query, view: "month" })} aria-current={query.view === "month" ? "page" : undefined}>
              Month
            </a>
          </li>
          <li>
            <a href={`/dashboard/posts?${new URLSearchParams({ tz: query.zone }).toString()}`}>List with filters</a>
          </li>
        </ul>
      </nav>
      <h2 id="period-title">{periodTitle(grid, days, query.anchor)}</h2>
      <p class="row cal-step">
        <a class="button" href={calendarHref({ ...query, anchor: step.previous })} id="previous-period">
          Previous {grid}
        </a>
        <a class="button" href={calendarHref({ ...query, anchor: step.next })} id="next-period">
          Next {grid}
        </a>
      </p>
      <form method="get" action="/dashboard/calendar" class="row" id="calendar-zone-form">
        <input type="hidden" name="view" value={query.view} />
        <div>
          <label for="calendar-date">Go to day</label>
          <input id="calendar-date" name="date" type="date" value={query.anchor} />
        </div>
        <ZonePicker id="calendar-tz" zone={query.zone} chosen={query.zoneChosen} />
        <div>
          <button type="submit">Show</button>
        </div>
      </form>
    </section>
  );
};

/**
 * Week and month grids in the viewer's zone: each day lists its posts (scheduled ones can be
 * dragged to another day, or rescheduled from their form) and the queues' free slots. Below 640 px
 * the grid is one column of days, and a month's empty days are left out.
 */
export const CalendarPage: FC<{ frame: Frame; notice?: string | undefined } & Model> = ({ frame, notice, query, days, posts, slots, more }) => {
  const byDay = (date: string) => posts.filter((p) => dayIn(query.zone, timeOf(p)) === date);
  const slotsOf = (date: string) => slots.filter((s) => dayIn(query.zone, s.at) === date);
  return (
    <DashboardLayout title="Calendar" section="calendar" frame={frame}>
      <Notice notice={notice} />
      <Controls query={query} days={days} />
      <section class="card" aria-labelledby="period-title">
        <p class="muted" id="calendar-zone">
          Times in {query.zone.replaceAll("_", " ")}. Drag a scheduled post to another day to move it (the time stays), or open its Reschedule form. The free queue slots shown are each profile's next
          60.
        </p>
        {posts.length === 0 ? <p id="no-scheduled">Nothing scheduled or published in this {query.view === "month" ? "month" : "week"}.</p> : null}
        {more ? (
          <p class="alert" id="calendar-more">
            This period has more posts than the calendar shows: use the list view's filters to see them all.
          </p>
        ) : null}
        <div class={`cal cal-${query.view}`}>
          <p class="cal-head" aria-hidden="true">
            {shortWeekdays.map((d) => (
              <span>{d}</span>
            ))}
          </p>
          <ol class="cal-grid" id="calendar-grid">
            {days.map((day) => (
              <Day frame={frame} query={query} day={day} posts={byDay(day.date)} slots={slotsOf(day.date)} />
            ))}
          </ol>
        </div>
      </section>
    </DashboardLayout>
  );
};
