import { Hono } from "hono";
import * as v from "valibot";
import { listProfiles } from "../../domain/accounts/index.js";
import { getPost, listPosts, postStates } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { instantOfWallTime } from "../../infra/zoned-time.js";
import { isPlatformId } from "../../networks/registry.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { PostPage } from "./post-page.js";
import { type PostFiltersForm, PostsPage } from "./posts-page.js";
import { zoneOfAddress } from "./calendar-time.js";

const State = v.optional(v.picklist(postStates));
const Cursor = v.optional(v.pipe(v.string(), v.maxLength(1024)));
const Day = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\d$/)));
const Id = v.optional(v.pipe(v.string(), v.maxLength(64)));

function query<S extends v.GenericSchema>(schema: S, value: unknown, param: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value === "" ? undefined : value);
  if (!parsed.success) throw new ApiError("field_invalid", { param, message: `The ${param} in the address is not one this page accepts.` });
  return parsed.output;
}

/** Midnight starting `day` in `zone` (the list's dates are the viewer's days). */
function midnight(zone: string, day: string, plusDays = 0): Date {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const next = new Date(Date.UTC(year, month - 1, date + plusDays));
  return instantOfWallTime(zone, { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 });
}

/** Posts: the list with its filters (state, network, profile, dates), and one post with every target's result. */
export const postRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/posts", async (c) => {
    const ctx = ctxOf(c);
    const network = query(Id, c.req.query("network"), "network");
    if (network !== undefined && !isPlatformId(network)) throw new ApiError("field_invalid", { param: "network", message: "Choose a network from the list." });
    const { zone, chosen } = zoneOfAddress(query(Id, c.req.query("tz"), "tz"));
    const filters: PostFiltersForm = {
      state: query(State, c.req.query("state"), "state"),
      network,
      profile: query(Id, c.req.query("profile"), "profile"),
      from: query(Day, c.req.query("from"), "from"),
      to: query(Day, c.req.query("to"), "to"),
      zone,
      zoneChosen: chosen,
    };
    const cursor = query(Cursor, c.req.query("cursor"), "cursor");
    const [page, profiles] = await Promise.all([
      listPosts({
        ctx,
        input: {
          state: filters.state,
          platform: filters.network,
          profile: filters.profile,
          from: filters.from ? midnight(zone, filters.from) : undefined,
          to: filters.to ? midnight(zone, filters.to, 1) : undefined,
          limit: 50,
          cursor,
        },
      }),
      listProfiles({ ctx, input: { limit: 100 } }),
    ]);
    // Another workspace's profile is an unknown one here, as on every route (the list is whole below 100 profiles).
    if (filters.profile && profiles.cursor === null && !profiles.items.some((p) => p.id === filters.profile)) {
      throw new ApiError("resource_not_found", { param: "profile", message: `No profile ${filters.profile} in this workspace.` });
    }
    return c.html(<PostsPage frame={frameOf(c)} posts={page.items} filters={filters} profiles={profiles.items} cursor={page.cursor} />);
  })
  .get("/dashboard/posts/:id", async (c) => {
    const post = await getPost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    // Its times in the zone the address names; without one the script reopens it in the browser's, as the list does.
    const zone = zoneOfAddress(query(Id, c.req.query("tz"), "tz"));
    return c.html(<PostPage frame={frameOf(c)} post={post} notice={noticeOf(c)} zone={zone} />);
  });
