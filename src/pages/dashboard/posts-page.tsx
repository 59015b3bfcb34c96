import type { FC } from "hono/jsx";
import type { ProfileView } from "../../domain/accounts/index.js";
import type { PostView } from "../../domain/publishing/index.js";
import { postStates } from "../../domain/publishing/index.js";
import { platformIds } from "../../networks/registry.js";
import { dayIn, timeIn } from "./calendar-time.js";
import { DashboardLayout, type Frame, StateBadge } from "./dashboard-layout.js";
import { type Column, DataTable } from "./data-table.js";
import { networkName } from "./plain-words.js";
import { ZonePicker } from "./zone-picker.js";

/** The list's filters as the address gives them (checked by the route). */
export interface PostFiltersForm {
  state: string | undefined;
  network: string | undefined;
  profile: string | undefined;
  /** Days in `zone`, inclusive. */
  from: string | undefined;
  to: string | undefined;
  zone: string;
  /** True when the address named the zone; otherwise the script reopens the list in the browser's. */
  zoneChosen: boolean;
}

/** When the post went out, else when it will, else when it was written: in the viewer's zone. */
const whenIn = (zone: string, p: PostView) => {
  const at = new Date(p.publishedAt ?? p.scheduledAt ?? p.createdAt);
  const what = p.publishedAt ? "published" : p.scheduledAt ? "scheduled for" : "written";
  return `${what} ${dayIn(zone, at)} ${timeIn(zone, at)}`;
};

const postColumns = (zone: string): Column<PostView>[] => [
  { head: "Post", cell: (p) => <a href={`/dashboard/posts/${p.id}`}>{p.text.slice(0, 80) || p.id}</a>, rowHeader: true },
  { head: "State", cell: (p) => <StateBadge state={p.state} /> },
  { head: "Networks", cell: (p) => [...new Set(p.targets.map((t) => networkName(t.platform)))].join(", ") },
  { head: "Profile", cell: (p) => p.profile ?? "—" },
  { head: `When (${zone.replaceAll("_", " ")})`, cell: (p) => whenIn(zone, p) },
];

const Select: FC<{ id: string; label: string; value: string | undefined; all: string; options: [string, string][] }> = ({ id, label, value, all, options }) => (
  <div>
    <label for={id}>{label}</label>
    <select id={id} name={id}>
      <option value="">{all}</option>
      {options.map(([v, text]) => (
        <option value={v} selected={v === value}>
          {text}
        </option>
      ))}
    </select>
  </div>
);

/** Posts newest first, narrowed by a plain GET form (works without script): state, network, profile, dates. */
export const PostsPage: FC<{ frame: Frame; posts: PostView[]; filters: PostFiltersForm; profiles: ProfileView[]; cursor: string | null }> = ({ frame, posts, filters, profiles, cursor }) => {
  const kept = Object.fromEntries(
    Object.entries({ state: filters.state, network: filters.network, profile: filters.profile, from: filters.from, to: filters.to, tz: filters.zone }).filter((e): e is [string, string] =>
      Boolean(e[1]),
    ),
  );
  const filtered = Boolean(filters.state || filters.network || filters.profile || filters.from || filters.to);
  return (
    <DashboardLayout title="Posts" section="posts" frame={frame}>
      <section class="card" aria-labelledby="filters-title">
        <h2 id="filters-title">Filters</h2>
        <form method="get" action="/dashboard/posts" class="row" id="post-filters">
          <Select id="state" label="State" value={filters.state} all="All states" options={postStates.map((s): [string, string] => [s, s.replace("_", " ")])} />
          <Select id="network" label="Network" value={filters.network} all="All networks" options={platformIds.map((p): [string, string] => [p, networkName(p)])} />
          <Select id="profile" label="Profile" value={filters.profile} all="All profiles" options={profiles.map((p): [string, string] => [p.id, p.username])} />
          <div>
            <label for="from">From day</label>
            <input id="from" name="from" type="date" value={filters.from ?? ""} />
          </div>
          <div>
            <label for="to">To day</label>
            <input id="to" name="to" type="date" value={filters.to ?? ""} />
          </div>
          <ZonePicker id="posts-tz" zone={filters.zone} chosen={filters.zoneChosen} />
          <div>
            <button type="submit" id="filter">
              Filter
            </button>
          </div>
        </form>
        <p class="muted">
          Days are in {filters.zone.replaceAll("_", " ")}, and a post's day is when it went out, else when it is scheduled, else when it was written.{" "}
          <a href={`/dashboard/calendar?${new URLSearchParams({ tz: filters.zone }).toString()}`}>Calendar</a>
        </p>
      </section>
      <section class="card" aria-label="Post list">
        {posts.length === 0 ? (
          <p id="no-posts">{filtered ? "No posts match these filters." : "No posts yet."}</p>
        ) : (
          <DataTable id="posts" label="Posts" columns={postColumns(filters.zone)} rows={posts} />
        )}
        {cursor ? (
          <p>
            <a href={`/dashboard/posts?${new URLSearchParams({ ...kept, cursor }).toString()}`}>Older posts</a>
          </p>
        ) : null}
      </section>
    </DashboardLayout>
  );
};
