import { and, eq, lt } from "drizzle-orm";
import { postEditTargets, postTargets, socialAccounts } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import type { EditableField } from "../../../../networks/facets/edit.js";
import { adapterFor } from "../../../../networks/registry.js";
import type { PlatformId } from "../../../../types/platform-ids.js";
import { withAccountSession } from "../../../accounts/index.js";
import type { DomainContext } from "../../../core/index.js";
import { targetError } from "../target-outcome.js";

/** Longest an edit call may take before its outcome is treated as unknown (as a publish's). */
export const EDIT_TIMEOUT_MS = 90_000;

type Outcome = { state: "edited" } | { state: "failed" | "unknown"; error: ApiError };

/** Why an edit is `unknown`, the same whoever finds it so (the call, or a resumed run after a crash). */
export const UNKNOWN_EDIT = {
  message: "The network did not answer while the edit was being sent (or the server stopped mid-send): it may have been applied.",
  fix: "Read the post on the network (its `url`), or send the same PATCH again with a new Idempotency-Key: an edit sets values, so repeating it changes nothing more.",
};

const unknownError = (platform: PlatformId) => new ApiError("platform_unavailable", { platform, ...UNKNOWN_EDIT });

class EditTimeout extends Error {}

/**
 * Sends the edit's waiting targets. Each row is claimed `pending` → `sending` first: only the run
 * that flips it calls the network, so concurrent runs of one edit send each target's change once.
 * A row still `sending` past the timeout belongs to a run that died: it is `unknown`, not resent.
 */
export async function sendEdits(ctx: DomainContext, editId: string): Promise<void> {
  const now = ctx.clock.now();
  const mine = and(eq(postEditTargets.editId, editId), eq(postEditTargets.workspaceId, ctx.workspace.id));
  await ctx.db
    .update(postEditTargets)
    .set({ state: "unknown", error: { ...targetError(new ApiError("platform_unavailable", UNKNOWN_EDIT)) } })
    .where(and(mine, eq(postEditTargets.state, "sending"), lt(postEditTargets.startedAt, new Date(now.getTime() - EDIT_TIMEOUT_MS))));
  const claimed = await ctx.db
    .update(postEditTargets)
    .set({ state: "sending", startedAt: now })
    .where(and(mine, eq(postEditTargets.state, "pending")))
    .returning({ id: postEditTargets.id, targetId: postEditTargets.targetId, changes: postEditTargets.changes });
  await Promise.all(claimed.map(async (row) => record(ctx, row, await send(ctx, row.targetId, row.changes))));
}

async function send(ctx: DomainContext, targetId: string, changes: Partial<Record<EditableField, unknown>>): Promise<Outcome> {
  const [target] = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.id, targetId), eq(postTargets.workspaceId, ctx.workspace.id)));
  const platform = target?.platform ?? "facebook";
  try {
    const edit = target ? adapterFor(target.platform).edit : undefined;
    if (!target?.networkPostId || !edit) throw new ApiError("edit_unsupported", { platform });
    const [account] = await ctx.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, target.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)));
    if (!account || account.status === "disconnected") throw new ApiError("channel_gone", { platform });
    const input = { networkPostId: target.networkPostId, destination: target.destination, networkUserId: account.networkUserId, changes };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EditTimeout()), EDIT_TIMEOUT_MS);
    });
    await Promise.race([withAccountSession(ctx, account, (tokens, net) => edit.editPublished(tokens, input, net)), timeout]).finally(() => clearTimeout(timer));
    return { state: "edited" };
  } catch (error) {
    if (error instanceof EditTimeout || (error instanceof ApiError && error.code === "platform_unavailable")) return { state: "unknown", error: unknownError(platform) };
    return { state: "failed", error: error instanceof ApiError ? error : new ApiError("internal_error", { platform }) };
  }
}

/**
 * Records the outcome, conditional on the row still being `sending`. A moved Pin's new board is
 * the target's destination from now on (its next edit, its reads).
 */
async function record(ctx: DomainContext, row: { id: string; targetId: string; changes: Record<string, unknown> }, outcome: Outcome): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(postEditTargets)
      .set(outcome.state === "edited" ? { state: "edited", error: null } : { state: outcome.state, error: { ...targetError(outcome.error) } })
      .where(and(eq(postEditTargets.id, row.id), eq(postEditTargets.state, "sending")))
      .returning({ id: postEditTargets.id });
    const board = row.changes.boardId;
    if (done && outcome.state === "edited" && typeof board === "string") {
      await tx
        .update(postTargets)
        .set({ destination: board })
        .where(and(eq(postTargets.id, row.targetId), eq(postTargets.workspaceId, ctx.workspace.id)));
    }
  });
  ctx.services.logger.info("post edit", { workspace: ctx.workspace.id, editTarget: row.id, state: outcome.state, ...(outcome.state === "edited" ? {} : { code: outcome.error.code }) });
}
