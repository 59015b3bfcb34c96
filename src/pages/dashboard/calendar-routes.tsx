import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { listProfiles } from "../../domain/accounts/index.js";
import { deletePost, editPost, listPosts, mediaLoaderFor, nextQueueSlots } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { CalendarPage, type FreeSlot } from "./calendar-page.js";
import { type CalendarQuery, calendarHref, calendarQuery, gridDays, rangeOf } from "./calendar-time.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { zones } from "./post-form-read.js";

/** Posts a calendar shows at most; more is said on the page rather than cut silently. */
const CALENDAR_LIMIT = 500;
/** Free slots looked at per queue, from now: GET /v1/profiles/{id}/queue/next's own maximum. */
const SLOTS_PER_QUEUE = 50;
const PROFILES_LOOKED_AT = 50;

/** Each profile's next free queue slots (GET /v1/profiles/{id}/queue/next); a profile with no slots has none to show. */
async function freeSlots(c: Context<DashboardEnv>, from: Date, to: Date): Promise<FreeSlot[]> {
  const ctx = ctxOf(c);
  const profiles = (await listProfiles({ ctx, input: { limit: PROFILES_LOOKED_AT } })).items;
  const slots: FreeSlot[] = [];
  for (const profile of profiles) {
    try {
      const next = await nextQueueSlots({ ctx, input: { id: profile.id, count: SLOTS_PER_QUEUE } });
      for (const slot of next.slots) {
        const at = new Date(slot.at);
        if (at >= from && at < to) slots.push({ at, profile: profile.username, paused: next.paused });
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === "queue_empty") continue;
      throw error;
    }
  }
  return slots;
}

/** The view, day and zone the calendar's forms carry, so an action returns to the calendar as it was. */
function backOf(c: Context<DashboardEnv>): CalendarQuery | null {
  if (field(c, "view") === undefined) return null;
  return calendarQuery({ view: field(c, "view"), date: field(c, "day"), tz: field(c, "tz") }, ctxOf(c).clock.now());
}

const Ymd = v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\d$/));
const Hm = v.pipe(v.string(), v.regex(/^\d\d:\d\d$/));
/** The older form's one field: a datetime-local value read in UTC. */
const LocalTime = v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/));

/** The new time as PATCH /v1/posts/{id} reads it: a wall-clock time and its zone. */
function newTime(c: Context<DashboardEnv>): { scheduledAt: string; timezone: string } {
  const single = field(c, "scheduledAt");
  if (single !== undefined) {
    if (!v.safeParse(LocalTime, single).success) throw new ApiError("field_invalid", { param: "scheduledAt", message: "Pick the new date and time." });
    return { scheduledAt: single, timezone: "UTC" };
  }
  const date = field(c, "scheduleDate") ?? "";
  const time = field(c, "scheduleTime") ?? "";
  const zone = field(c, "timezone") ?? "UTC";
  if (!v.safeParse(Ymd, date).success) throw new ApiError("field_invalid", { param: "scheduleDate", message: "Pick the new date.", fix: "Fill in the date as on the calendar, then press Move." });
  if (!v.safeParse(Hm, time).success) throw new ApiError("field_invalid", { param: "scheduleTime", message: "Pick the new time.", fix: "Fill in the time, then press Move." });
  if (!zones.includes(zone)) throw new ApiError("field_invalid", { param: "timezone", message: `${zone} is not a time zone this server knows.` });
  return { scheduledAt: `${date}T${time}:00`, timezone: zone };
}

/**
 * The calendar: week and month grids and a list, in the viewer's zone, over the API's listPosts;
 * the queues' free slots from nextQueueSlots. Moving is the API's editPost (PATCH), cancelling
 * its deletePost (DELETE, after the confirmation step), both for the caller's posts only.
 */
export const calendarRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/calendar", async (c) => {
    const ctx = ctxOf(c);
    const query = calendarQuery({ view: c.req.query("view"), date: c.req.query("date"), tz: c.req.query("tz") }, ctx.clock.now());
    if (query.view === "list") return c.redirect(`/dashboard/posts?${new URLSearchParams({ tz: query.zone, from: query.anchor }).toString()}`, 303);
    const days = gridDays(query.view, query.anchor);
    const { from, to } = rangeOf(query.zone, days);
    const page = await listPosts({ ctx, input: { from, to, limit: CALENDAR_LIMIT } });
    // Drafts have no time and cancelled posts will not go out: neither has a place on a calendar.
    const shown = page.items.filter((p) => p.state !== "draft" && p.state !== "cancelled");
    const slots = await freeSlots(c, from, to);
    return c.html(<CalendarPage frame={frameOf(c)} query={query} days={days} posts={shown} slots={slots} more={page.cursor !== null} notice={noticeOf(c)} />);
  })
  .post("/dashboard/posts/:id/move", async (c) => {
    const ctx = ctxOf(c);
    const back = backOf(c);
    await editPost({ ctx, input: { id: c.req.param("id"), changes: newTime(c) }, loadMedia: mediaLoaderFor(ctx) });
    return c.redirect(back ? calendarHref(back, { done: "moved" }) : "/dashboard/calendar?done=moved", 303);
  })
  .post("/dashboard/posts/:id/cancel", async (c) => {
    const back = backOf(c);
    await deletePost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect(back ? calendarHref(back, { done: "cancelled" }) : "/dashboard/calendar?done=cancelled", 303);
  });
