import type { DomainContext } from "../../core/index.js";
import type { TargetOutcome } from "./record-outcome.js";

const messages: Record<TargetOutcome["state"], string> = {
  published: "target published",
  failed: "target failed",
  processing: "target processing",
  unknown: "target outcome unknown",
  deferred: "retry scheduled",
};

/** The background log line for one recorded target outcome; ids and codes only, never content or tokens. */
export function logTargetOutcome(ctx: DomainContext, target: { id: string; postId: string; platform: string }, outcome: TargetOutcome): void {
  const fields = { workspace: ctx.workspace.id, postId: target.postId, targetId: target.id, platform: target.platform, mode: ctx.apiKey.mode };
  if (outcome.state === "failed") ctx.services.logger.warn(messages.failed, { ...fields, code: outcome.error.code });
  else if (outcome.state === "deferred") ctx.services.logger.info(messages.deferred, { ...fields, retryAt: outcome.retryAt.toISOString() });
  else ctx.services.logger.info(messages[outcome.state], fields);
}
