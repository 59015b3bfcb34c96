import { and, eq } from "drizzle-orm";
import { agents, apiKeys } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { recordAuditEvent } from "../../core/index.js";
import type { DomainContext } from "../../core/index.js";

export interface AgentIdentity {
  id: string;
  name: string;
  clientName: string;
  nickname: string | null;
  nicknameLocked: boolean;
}

/**
 * Each API key acts as one agent. It may rename itself for display; `null` goes back to the
 * key's own name. Only the nickname changes: never permissions, never another agent.
 */
export async function updateAgentNickname({ ctx, input }: { ctx: DomainContext; input: { nickname: string | null } }): Promise<AgentIdentity> {
  const { apiKey, workspace } = ctx;
  if (apiKey.nicknameLocked) throw new ApiError("nickname_locked", { param: "nickname" });
  if (ctx.agent) return updateOAuthAgentNickname(ctx, input.nickname);
  const agent = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(apiKeys)
      .set({ nickname: input.nickname })
      .where(and(eq(apiKeys.id, apiKey.id), eq(apiKeys.workspaceId, workspace.id), eq(apiKeys.nicknameLocked, false)))
      .returning();
    // Locked between authentication and this write: the owner's lock wins.
    if (!updated) throw new ApiError("nickname_locked", { param: "nickname" });
    await recordAuditEvent(tx, {
      workspaceId: workspace.id,
      type: "agent.nickname_changed",
      actor: apiKey.id,
      details: { from: apiKey.nickname, to: input.nickname },
      at: ctx.clock.now(),
    });
    return {
      id: updated.id,
      name: updated.name,
      clientName: updated.clientName,
      nickname: updated.nickname,
      nicknameLocked: updated.nicknameLocked,
    };
  });
  ctx.services.verifiedKeys?.forgetKey(apiKey.id);
  return agent;
}

/** The same for an OAuth agent: its nickname lives on the agent; null shows its client's registered name again. */
async function updateOAuthAgentNickname(ctx: DomainContext, nickname: string | null): Promise<AgentIdentity> {
  const { apiKey, workspace } = ctx;
  const agent = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(agents)
      .set({ nickname })
      .where(and(eq(agents.id, apiKey.id), eq(agents.workspaceId, workspace.id), eq(agents.nicknameLocked, false)))
      .returning();
    if (!updated) throw new ApiError("nickname_locked", { param: "nickname" });
    await recordAuditEvent(tx, { workspaceId: workspace.id, type: "agent.nickname_changed", actor: apiKey.id, details: { from: apiKey.nickname, to: nickname }, at: ctx.clock.now() });
    return { id: updated.id, name: updated.clientName, clientName: updated.clientName, nickname: updated.nickname, nicknameLocked: updated.nicknameLocked };
  });
  ctx.services.verifiedKeys?.forgetKey(apiKey.id);
  return agent;
}
