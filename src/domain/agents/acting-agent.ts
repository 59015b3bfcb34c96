import { and, eq, isNull } from "drizzle-orm";
import { agents } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import type { AgentRecord } from "../core/index.js";
import { spentTodaySql } from "./agent-spend.js";
import { type AgentGrant, spendDay } from "./grant.js";

/**
 * An agent as background work acting for it sees it now (a bulk import's job): its grant as it
 * stands, and null once it is revoked, so a revoked agent's unfinished work stops.
 */
export async function loadActingAgent(db: Database, input: { workspaceId: string; agentId: string; now: Date }): Promise<AgentRecord | null> {
  const spentDay = spendDay(input.now);
  const [row] = await db
    .select({ agent: agents, spentToday: spentTodaySql(agents.id, spentDay) })
    .from(agents)
    .where(and(eq(agents.id, input.agentId), eq(agents.workspaceId, input.workspaceId), isNull(agents.revokedAt)))
    .limit(1);
  if (!row) return null;
  const { agent } = row;
  return { id: agent.id, clientId: agent.clientId, clientName: agent.clientName, grant: agent.grant as AgentGrant, spentDay, spentToday: Number(row.spentToday), createdAt: agent.createdAt };
}
