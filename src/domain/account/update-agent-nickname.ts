import { and, eq } from "drizzle-orm";
import { apiKeys } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import type { DomainContext } from "../context.js";

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
  return ctx.db.transaction(async (tx) => {
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
}
