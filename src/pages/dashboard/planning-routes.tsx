import { Hono } from "hono";
import { type ProfileView, listProfiles } from "../../domain/accounts/index.js";
import { approvePost, getQueue, listPosts, mediaLoaderFor, nextQueueSlots, rejectPost } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { ApproveBody, RejectBody } from "../../routes/v1/approvals/schema.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { formBody } from "./form-body.js";
import { ctxOf, frameOf, noticeOf } from "./frame.js";
import { ApprovalsPage, type ProfileQueue, QueuePage } from "./planning-page.js";

const UPCOMING = 10;

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
  .get("/dashboard/queue", async (c) => {
    const ctx = ctxOf(c);
    const profiles = (await listProfiles({ ctx, input: { limit: 50 } })).items;
    const queues = await Promise.all(profiles.map((profile) => queueOf(c, profile)));
    return c.html(<QueuePage frame={frameOf(c)} queues={queues} />);
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
