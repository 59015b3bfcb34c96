import { accountsOfTargets } from "../posts/target-accounts.js";
import { and, eq } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import type { ValidationReport } from "../posts/create-post.js";
import type { PostRow } from "../posts/post-view.js";
import { type MediaLoader, prepareTargets, publishRequestOf } from "../posts/prepare-targets.js";
import type { PreparedTarget } from "../posts/publish-targets.js";
import { refusalOf } from "../posts/target-refusal.js";
import { checkThread } from "../posts/thread/thread-check.js";
import { storedThread } from "../posts/thread/thread-later.js";

export interface ApprovalCheck {
  /** What the approver sees: every target still waiting, checked now. */
  validation: ValidationReport;
  sendable: PreparedTarget[];
  refused: { id: string; error: ApiError }[];
}

/**
 * The checks publishing runs, again, at the moment of approval: the post may have waited days,
 * and an account can have lost its connection or media its file since. Only targets still
 * pending are checked; those refused at creation stay failed. A chain is approved with its post
 * as one unit: its stored items are checked again with their target, and a refused item refuses
 * the target whole (nothing of it is sent), as at creation.
 */
export async function checkAtApproval(ctx: DomainContext, post: PostRow, loadMedia: MediaLoader): Promise<ApprovalCheck> {
  const targets = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "pending")))
    .orderBy(postTargets.platform, postTargets.id);
  const accounts = await accountsOfTargets(ctx, targets);
  const live = accounts.filter((a) => a.status !== "disconnected");
  const prepared = await prepareTargets(ctx, live, post, loadMedia);
  await checkThread(prepared, await storedThread(ctx.db, ctx.workspace.id, post.id), loadMedia);
  const report: ValidationReport["targets"] = [];
  const sendable: PreparedTarget[] = [];
  const refused: ApprovalCheck["refused"] = [];
  for (const target of targets) {
    const p = prepared.find((x) => x.account.id === target.accountId);
    const first = p?.errors[0];
    if (!p || first) {
      const error = first
        ? refusalOf(first, target.platform)
        : new ApiError("channel_gone", { platform: target.platform, message: "The account was disconnected while the post waited for approval." });
      refused.push({ id: target.id, error });
      report.push({
        account: target.accountId,
        platform: target.platform,
        handle: target.handle,
        errors: p?.errors ?? [{ code: error.code, param: null, message: error.message, fix: error.fix }],
        warnings: p?.warnings ?? [],
      });
      continue;
    }
    report.push({ account: target.accountId, platform: target.platform, handle: target.handle, errors: [], warnings: p.warnings });
    sendable.push({ targetId: target.id, account: p.account, request: publishRequestOf(p, target.id), firstComment: target.firstCommentState === "pending" });
  }
  return { validation: { valid: refused.length === 0, targets: report }, sendable, refused };
}

/** 409 `approval_validation_failed`, naming each target that no longer passes and why. */
export function validationRefusal(check: ApprovalCheck): ApiError {
  const failing = check.validation.targets.filter((t) => t.errors.length > 0);
  const list = failing.map((t) => `${t.account} (${t.platform}): ${t.errors.map((e) => `${e.code}: ${e.message}`).join("; ")}`).join(" | ");
  return new ApiError("approval_validation_failed", {
    param: "force",
    message: `${failing.length} of ${check.validation.targets.length} target${check.validation.targets.length === 1 ? "" : "s"} no longer pass their checks: ${list}`,
  });
}
