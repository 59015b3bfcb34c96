import type { FC } from "hono/jsx";
import type { PostView, SeriesView } from "../../domain/publishing/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, StateBadge, when } from "./dashboard-layout.js";
import { DataTable } from "./data-table.js";

const dayWords: Record<string, string> = { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" };
const unitWords: Record<string, [string, string]> = { DAILY: ["day", "days"], WEEKLY: ["week", "weeks"], MONTHLY: ["month", "months"], YEARLY: ["year", "years"], HOURLY: ["hour", "hours"] };

/** An RRULE (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6`) in words: "Every 2 weeks on Monday and Wednesday, 6 times". */
export function ruleInWords(rule: string | null, kind: string): string {
  if (!rule) return kind === "evergreen" ? "Evergreen: its posts are sent again in turn" : "—";
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, "")
      .split(";")
      .map((part) => part.split("=") as [string, string]),
  );
  const unit = unitWords[parts.get("FREQ") ?? ""];
  if (!unit) return rule;
  const interval = Number(parts.get("INTERVAL") ?? "1");
  const words = [interval > 1 ? `Every ${interval} ${unit[1]}` : `Every ${unit[0]}`];
  const days = parts
    .get("BYDAY")
    ?.split(",")
    .map((d) => dayWords[d.slice(-2)] ?? d);
  if (days?.length) words.push(`on ${days.length > 1 ? `${days.slice(0, -1).join(", ")} and ${days.at(-1)}` : days[0]}`);
  const monthDays = parts.get("BYMONTHDAY");
  if (monthDays) words.push(`on day ${monthDays.split(",").join(", ")} of the month`);
  const count = parts.get("COUNT");
  if (count) words.push(`${count} times`);
  const until = parts.get("UNTIL");
  if (until) words.push(`until ${until.replace(/^(\d{4})(\d\d)(\d\d).*$/, "$1-$2-$3")}`);
  return words.join(", ").replace(/, on /g, " on ");
}

const zoneOf = (zone: string) => zone.replaceAll("_", " ");

/** Pause or resume (by state), and cancel, which asks first (confirm-step.tsx). */
const Actions: FC<{ frame: Frame; series: SeriesView }> = ({ frame, series }) =>
  series.state === "active" || series.state === "paused" ? (
    <div class="row">
      <form method="post" action={`/dashboard/series/${series.id}/${series.state === "active" ? "pause" : "resume"}`}>
        <Csrf token={frame.csrf} />
        <button type="submit" id={`${series.state === "active" ? "pause" : "resume"}-${series.id}`}>
          {series.state === "active" ? "Pause" : "Resume"}
        </button>
      </form>
      <form method="post" action={`/dashboard/series/${series.id}/cancel`}>
        <Csrf token={frame.csrf} />
        <button type="submit" class="danger" id={`cancel-${series.id}`}>
          Cancel the series
        </button>
      </form>
    </div>
  ) : null;

/** The workspace's recurring and evergreen series: rule in words, zone, next time, state, occurrences. */
export const SeriesListPage: FC<{ frame: Frame; items: SeriesView[]; more: boolean; notice?: string | undefined }> = ({ frame, items, more, notice }) => (
  <DashboardLayout title="Series" section="series" frame={frame}>
    <Notice notice={notice} />
    <section class="card" aria-labelledby="series-title">
      <h2 id="series-title">Recurring series</h2>
      <p class="muted">A series is made when a post is scheduled with a repeat rule. Each occurrence is a post of its own.</p>
      {items.length === 0 ? (
        <p id="no-series">No series yet: schedule a post that repeats through the API or an agent.</p>
      ) : (
        <DataTable
          id="series"
          label="Series"
          rows={items}
          rowAttributes={(s) => ({ id: `series-${s.id}` })}
          columns={[
            { head: "Series", rowHeader: true, cell: (s) => <a href={`/dashboard/series/${s.id}`}>{s.text?.slice(0, 60) || s.id}</a> },
            { head: "Repeats", cell: (s) => ruleInWords(s.recurrence, s.kind) },
            { head: "Time zone", cell: (s) => zoneOf(s.timezone) },
            { head: "Next", cell: (s) => when(s.nextOccurrenceAt) },
            { head: "State", cell: (s) => <StateBadge state={s.state} /> },
            { head: "Occurrences", cell: (s) => String(s.occurrencesCreated) },
            { head: "Actions", cell: (s) => <Actions frame={frame} series={s} /> },
          ]}
        />
      )}
      {more ? <p class="muted">More series exist than this page shows.</p> : null}
    </section>
  </DashboardLayout>
);

/** One series: its rule, the next times it makes, and every occurrence made so far (each a post). */
export const SeriesDetailPage: FC<{ frame: Frame; series: SeriesView; occurrences: PostView[]; more: boolean; notice?: string | undefined }> = ({ frame, series, occurrences, more, notice }) => (
  <DashboardLayout title="Series" section="series" frame={frame}>
    <Notice notice={notice} />
    <section class="card" aria-labelledby="one-series-title">
      <h2 id="one-series-title">
        {series.text?.slice(0, 60) || series.id} <StateBadge state={series.state} />
      </h2>
      <dl>
        <dt>Repeats</dt>
        <dd id="series-rule">{ruleInWords(series.recurrence, series.kind)}</dd>
        <dt>Time zone</dt>
        <dd>{zoneOf(series.timezone)}</dd>
        <dt>Next occurrence</dt>
        <dd id="series-next">{when(series.nextOccurrenceAt)}</dd>
        <dt>Occurrences made</dt>
        <dd id="series-count">{series.occurrencesCreated}</dd>
      </dl>
      {series.upcoming.length > 0 ? (
        <>
          <h3>Coming times ({zoneOf(series.timezone)})</h3>
          <ul class="slot-list">
            {series.upcoming.map((u) => (
              <li>
                <time datetime={u.at}>{u.local.slice(0, 16).replace("T", " ")}</time>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Actions frame={frame} series={series} />
      <p>
        <a href="/dashboard/series">All series</a>
      </p>
    </section>
    <section class="card" aria-labelledby="occurrences-title">
      <h2 id="occurrences-title">Occurrences</h2>
      {occurrences.length === 0 ? (
        <p class="muted">No occurrence has been made yet.</p>
      ) : (
        <ul class="items" id="occurrences">
          {occurrences.map((post) => (
            <li>
              <StateBadge state={post.state} /> {when(post.publishedAt ?? post.scheduledAt)}{" "}
              <a href={`/dashboard/posts/${post.id}`} id={`occurrence-${post.id}`}>
                {post.text.slice(0, 70) || post.id}
              </a>
            </li>
          ))}
        </ul>
      )}
      {more ? <p class="muted">Older occurrences are in Posts.</p> : null}
    </section>
  </DashboardLayout>
);
