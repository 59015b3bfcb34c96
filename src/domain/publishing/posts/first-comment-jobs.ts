import type { JobRequest } from "../../core/index.js";

/**
 * How many looks a processing comment gets: Meta advises about 30 s and polling once a minute
 * for up to 5 minutes; the looks back off from the adapter's interval to `MAX_BACKOFF_SECONDS`,
 * so 12 looks span about 45 minutes (image) before the comment is given up.
 */
export const MAX_COMMENT_LOOKS = 12;
export const MAX_BACKOFF_SECONDS = 300;

/** When look `attempt` + 1 is due: the adapter's interval, doubled each look, at most 5 minutes. */
export const nextLookAt = (now: Date, pollAfterSeconds: number, attempt: number) => new Date(now.getTime() + Math.min(pollAfterSeconds * 2 ** (attempt - 1), MAX_BACKOFF_SECONDS) * 1000);

/**
 * One job per look: a key per attempt, and per rescue (the sweep's, numbered by when the lost
 * look was due), so a redelivered job runs a look once and a rescue never reuses a spent key.
 */
export const commentLookKey = (targetId: string, attempt: number, rescued: number | null) =>
  rescued === null ? `first-comment-look:${targetId}:${attempt}` : `first-comment-look:${targetId}:rescued-${rescued}:${attempt}`;

export function commentLookJob(scope: { workspaceId: string; mode: "test" | "live" }, targetId: string, attempt: number, runAt: Date, rescued: number | null): JobRequest {
  const payload = { targetId, attempt, workspaceId: scope.workspaceId, mode: scope.mode, ...(rescued === null ? {} : { rescued }) };
  return { kind: "poll_first_comment", payload, runAt, dedupKey: commentLookKey(targetId, attempt, rescued) };
}
