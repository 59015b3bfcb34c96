import { ApiError } from "../../../infra/errors.js";
import type { ResolvedTargets } from "../posts/resolve-targets.js";

export interface QueueRequest {
  queue?: boolean | undefined;
  scheduledAt?: string | undefined;
  timezone?: string | undefined;
  draft?: boolean | undefined;
  thread?: readonly unknown[] | undefined;
}

/** `queue: true` picks the time itself, so a time, a zone, a draft or a chain sent with it is refused, naming the field. */
export function assertQueueRequest(input: QueueRequest): void {
  if (!input.queue) return;
  const clash = input.scheduledAt !== undefined ? "scheduledAt" : input.timezone !== undefined ? "timezone" : input.draft ? "draft" : (input.thread?.length ?? 0) > 0 ? "thread" : null;
  if (clash) throw new ApiError("queue_conflict", { param: clash, message: `\`queue: true\` cannot be combined with \`${clash}\`.` });
}

/**
 * The profile whose queue a queued post takes a slot of: the named profile, else the one
 * profile every target account belongs to.
 */
export function queueProfileOf(resolved: ResolvedTargets): string {
  if (resolved.profileId) return resolved.profileId;
  const owners = new Set(resolved.accounts.map((account) => account.profileId));
  const [only] = [...owners];
  if (owners.size !== 1 || !only) {
    throw new ApiError("queue_profile_required", {
      param: "queue",
      message: owners.size > 1 ? "The target accounts belong to more than one profile, so no single queue applies." : "The target accounts belong to no profile, so they have no queue.",
    });
  }
  return only;
}
