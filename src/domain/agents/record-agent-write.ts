import { type DomainContext, recordAuditEvent } from "../core/index.js";

/**
 * The one writer of `agent.write` audit rows: an agent's successful write, under the agent's id,
 * whether it came as a REST request (http/agent-grant.ts, which adds the response status) or as an
 * MCP tool call (mcp/server.ts, which knows which tools write). A request made by a key, not an
 * agent, records nothing.
 */
export async function recordAgentWrite(ctx: DomainContext, input: { request: string; status?: number }): Promise<void> {
  const agent = ctx.agent;
  if (!agent) return;
  const details = { agent: agent.id, client: agent.clientName, nickname: ctx.apiKey.nickname, request: input.request };
  await recordAuditEvent(ctx.db, {
    workspaceId: ctx.workspace.id,
    type: "agent.write",
    actor: agent.id,
    details: input.status === undefined ? details : { ...details, status: input.status },
    at: ctx.clock.now(),
  });
}
