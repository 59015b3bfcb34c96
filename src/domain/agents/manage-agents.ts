import { and, desc, eq, isNull } from "drizzle-orm";
import { agents, oauthTokens } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { recordAuditEvent } from "../core/index.js";
import type { DomainContext } from "../core/index.js";
import { agentSpentOn, agentsSpentToday } from "./agent-spend.js";
import { type GrantInput, checkGrant } from "./approve-agent.js";
import { type AgentGrant, spendDay } from "./grant.js";

export interface AgentView {
  id: string;
  clientId: string;
  clientName: string;
  nickname: string | null;
  nicknameLocked: boolean;
  mode: "test" | "live";
  grant: AgentGrant;
  spentToday: number;
  createdAt: string;
  lastUsedAt: string | null;
}

type AgentRow = typeof agents.$inferSelect;

/** Today's spend as loaded with the agent's token: a figure from an earlier UTC day is zero today. */
export const spentOn = (agent: { spentDay: string; spentToday: number }, now: Date): number => (agent.spentDay === spendDay(now) ? agent.spentToday : 0);

export function agentView(row: AgentRow, spentToday: number): AgentView {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    nickname: row.nickname,
    nicknameLocked: row.nicknameLocked,
    mode: row.mode,
    grant: { ...row.grant, requireApproval: row.grant.requireApproval ?? false } as AgentGrant,
    spentToday,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The workspace's agents that are not revoked, newest first (a workspace has few: no cursor). */
export async function listAgents({ ctx }: { ctx: DomainContext }): Promise<{ items: AgentView[]; cursor: null }> {
  const rows = await ctx.db
    .select()
    .from(agents)
    .where(and(eq(agents.workspaceId, ctx.workspace.id), isNull(agents.revokedAt)))
    .orderBy(desc(agents.createdAt), desc(agents.id))
    .limit(200);
  const spent = await agentsSpentToday(
    ctx.db,
    rows.map((row) => row.id),
    ctx.clock.now(),
  );
  return { items: rows.map((row) => agentView(row, spent.get(row.id) ?? 0)), cursor: null };
}

async function ownAgent(ctx: DomainContext, id: string): Promise<AgentRow> {
  const [row] = await ctx.db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.workspaceId, ctx.workspace.id), isNull(agents.revokedAt)))
    .limit(1);
  if (!row) throw new ApiError("resource_not_found", { param: "id", message: `No agent ${id} in this workspace.` });
  return row;
}

/**
 * Revokes the agent and every token it holds, in one transaction; this process forgets its
 * cached tokens at once, other processes within the verified-key cache's few seconds.
 */
export async function revokeAgent({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ id: string; revoked: true }> {
  const row = await ownAgent(ctx, input.id);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({ revokedAt: now })
      .where(and(eq(agents.id, row.id), eq(agents.workspaceId, ctx.workspace.id)));
    await tx
      .update(oauthTokens)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokens.agentId, row.id), isNull(oauthTokens.revokedAt)));
    await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: "agent.revoked", actor: ctx.apiKey.id, details: { agent: row.id, client: row.clientName }, at: now });
  });
  ctx.services.verifiedKeys?.forgetKey(row.id);
  return { id: row.id, revoked: true };
}

/** The owner edits an agent: its grant (whole), and whether it may rename itself. */
export async function updateAgent({ ctx, input }: { ctx: DomainContext; input: { id: string; grant?: GrantInput | undefined; nicknameLocked?: boolean | undefined } }): Promise<AgentView> {
  const row = await ownAgent(ctx, input.id);
  const grant = input.grant ? await checkGrant(ctx, input.grant) : undefined;
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(agents)
      .set({ ...(grant ? { grant } : {}), ...(input.nicknameLocked !== undefined ? { nicknameLocked: input.nicknameLocked } : {}) })
      .where(and(eq(agents.id, row.id), eq(agents.workspaceId, ctx.workspace.id)))
      .returning();
    if (!changed) throw new ApiError("resource_not_found", { param: "id" });
    await recordAuditEvent(tx, {
      workspaceId: ctx.workspace.id,
      type: "agent.grant_changed",
      actor: ctx.apiKey.id,
      details: { agent: row.id, grant: grant ? JSON.stringify(grant) : null, nicknameLocked: input.nicknameLocked ?? null },
      at: now,
    });
    return changed;
  });
  // The grant travels with cached tokens: forget them so the next request loads the new one.
  ctx.services.verifiedKeys?.forgetKey(row.id);
  return agentView(updated, await agentSpentOn(ctx.db, row.id, spendDay(now)));
}
