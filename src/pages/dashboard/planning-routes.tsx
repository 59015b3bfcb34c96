import { Hono } from "hono";
import { type ProfileView, listProfiles } from "../../domain/accounts/index.js";
import { approvePost, getQueue, listPosts, mediaLoaderFor, nextQueueSlots, putQueue, rejectPost } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { ApproveBody, RejectBody } from "../../routes/v1/approvals/schema.js";
import { PutQueueBody } from "../../routes/v1/queues/schema.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { formBody } from "./form-body.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { ApprovalsPage, type ProfileQueue, QueuePage } from "./planning-page.js";

const UPCOMING = 10;
const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/**
 * The slots textarea (`Monday 09:00`, one per line or comma-separated) as PUT /v1/profiles/{id}/queue
 * reads them; a line that is not a day and a time is refused naming it, before anything is stored.
 */
export function slotsOf(text: string): { day: string; time: string }[] {
  return text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2}):(\d\d)$/.exec(line);
      const day = days.find((d) => d === match?.[1]?.toLowerCase());
      if (!match || !day) throw new ApiError("field_invalid", { param: "slots", message: `Write each slot as a day and a time, like Monday 09:00: "${line.slice(0, 40)}" is not one.` });
      return { day, time: `${(match[2] ?? "").padStart(2, "0")}:${match[3]}` };
    });
}

/**
 * Approvals and queues over the API's operations: the posts waiting (GET /v1/posts?state=
 * pending_approval), approvePost and rejectPost (owner only, exactly once, the checks run again
 * at approval), and each profile's queue (GET /v1/profiles/{id}/queue and .../queue/next).
 */
export const planningRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/approvals", async (c) => {
    const page = await listPosts({ ctx: ctxOf(c), input: { state: "pending_approval", limit: 50 } });
    return c.html(<ApprovalsPage frame={frameOf(c)} posts={page.items} more={page.cursor !== null} notice={noticeOf(c)} />);
  })
  .post("/dashboard/posts/:id/approve", async (c) => {
    const ctx = ctxOf(c);
    const body = formBody(ApproveBody, { force: field(c, "force") === "yes" ? true : undefined });
    const result = await approvePost({ ctx, input: { id: c.req.param("id"), force: body.force }, loadMedia: mediaLoaderFor(ctx) });
    return c.redirect(`/dashboard/posts/${result.post.id}?done=approved`, 303);
  })
  .post("/dashboard/posts/:id/reject", async (c) => {
    const reason = field(c, "reason")?.trim();
    const body = formBody(RejectBody, reason ? { reason } : {});
    await rejectPost({ ctx: ctxOf(c), input: { id: c.req.param("id"), reason: body.reason } });
    return c.redirect("/dashboard/approvals?done=rejected", 303);
  })
  .post("/dashboard/profiles/:id/queue", async (c) => {
    const body = formBody(PutQueueBody, { timezone: field(c, "timezone") ?? "", slots: slotsOf(field(c, "slots") ?? ""), paused: field(c, "paused") === "yes" });
    await putQueue({ ctx: ctxOf(c), input: { id: c.req.param("id"), ...body } });
    return c.redirect("/dashboard/queue?done=saved", 303);
  })
  .get("/dashboard/queue", async (c) => {
    const ctx = ctxOf(c);
    const profiles = (await listProfiles({ ctx, input: { limit: 50 } })).items;
    const queues = await Promise.all(profiles.map((profile) => queueOf(c, profile)));
    return c.html(<QueuePage frame={frameOf(c)} queues={queues} notice={noticeOf(c)} />);
  });

async function queueOf(c: Parameters<typeof ctxOf>[0], profile: ProfileView): Promise<ProfileQueue> {
  const ctx = ctxOf(c);
  const [queue, upcoming] = await Promise.all([getQueue({ ctx, input: { id: profile.id } }), listPosts({ ctx, input: { state: "scheduled", profile: profile.id, limit: 50 } })]);
  const free =
    queue.slots.length === 0
      ? []
      : (
          await nextQueueSlots({ ctx, input: { id: profile.id, count: 5 } }).catch((error: unknown) => {
            if (error instanceof ApiError && error.code === "queue_empty") return { slots: [] };
            throw error;
          })
        ).slots;
  const soonest = [...upcoming.items].sort((a, b) => (a.scheduledAt ?? "").localeCompare(b.scheduledAt ?? "")).slice(0, UPCOMING);
  return { profile, queue, free, upcoming: soonest };
}
