import { sql } from "drizzle-orm";
import { accountPolls } from "../../../db/schema/index.js";
import type { JobRuntime } from "../../core/index.js";
import { INBOX_SWEEP_HORIZON_MS, dueBy, planInboxPolls } from "./poll-shards.js";

/**
 * The minute's inbox sweep: one bounded statement and at most one message, whatever the number of
 * accounts. When some account falls due before the next run it queues the minute's `poll_plan`
 * job; that job, a delivery of its own, counts the due accounts and publishes the shards, so the
 * cron's time and subrequests do not follow the size of the deployment. The key names the minute:
 * a sweep run twice plans once. Returns whether it queued the plan.
 */
export async function queueInboxPlan(runtime: JobRuntime, input: { horizonMs?: number } = {}): Promise<boolean> {
  const now = runtime.clock.now();
  const until = new Date(now.getTime() + (input.horizonMs ?? INBOX_SWEEP_HORIZON_MS));
  const [due] = await runtime.db.select({ one: sql`1` }).from(accountPolls).where(dueBy(until, now)).limit(1);
  if (!due) return false;
  const minute = Math.floor(now.getTime() / 60_000);
  // The deployment's job, not a workspace's: an empty workspace id and a mode the handler ignores.
  const payload = { workspaceId: "", mode: "live", until: until.getTime(), minute };
  await runtime.services.jobs.enqueue({ kind: "poll_plan", payload, runAt: now, dedupKey: `poll-plan:${minute}` }, runtime.db);
  return true;
}

/** The `poll_plan` job: the planner over the horizon of the sweep that queued it. Returns the shards published. */
export async function runPollPlan(runtime: JobRuntime, payload: Record<string, string | number>): Promise<number> {
  const until = Number(payload.until);
  const minute = Number(payload.minute);
  if (!Number.isFinite(until) || !Number.isFinite(minute)) return 0;
  return planInboxPolls(runtime, { until: new Date(until), minute });
}
