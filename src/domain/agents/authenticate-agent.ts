import { and, eq, isNull } from "drizzle-orm";
import { agents, oauthTokens, workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { sha256Hex } from "../../infra/crypto.js";
import type { ApiKeyRecord } from "../core/index.js";
import type { AuthenticateOptions } from "../keys/index.js";
import type { VerifiedKey } from "../core/index.js";
import { spentTodaySql } from "./agent-spend.js";
import { type AgentGrant, spendDay } from "./grant.js";
import { ACCESS_TOKEN_SHAPE } from "./oauth-tokens.js";

export const isAgentToken = (presented: string): boolean => ACCESS_TOKEN_SHAPE.test(presented);

const LAST_USED_RESOLUTION_MS = 60_000;

/** The stand-in key record an agent acts with: audit entries, idempotency keys and the mode follow the agent. */
export function agentKeyRecord(agent: { id: string; workspaceId: string; mode: "test" | "live"; clientName: string; nickname: string | null; nicknameLocked: boolean }): ApiKeyRecord {
  return {
    id: agent.id,
    workspaceId: agent.workspaceId,
    mode: agent.mode,
    name: agent.clientName,
    clientName: agent.clientName,
    nickname: agent.nickname,
    nicknameLocked: agent.nicknameLocked,
    prefix: "oauth",
  };
}

/**
 * An agent's access token → its workspace, agent and grant, in one query (or none, from the
 * verified-key cache, like an API key). The grant comes with the token, so every later grant
 * check is arithmetic on what is already loaded. Today's spend comes along for whoami and
 * /v1/me (forgotten from the cache when it changes in this process). Expired, revoked, or belonging to a revoked
 * agent: null (401).
 */
export async function authenticateAgentToken(db: Database, presented: string, options: AuthenticateOptions = {}): Promise<VerifiedKey | null> {
  if (!isAgentToken(presented)) return null;
  const hash = await sha256Hex(presented);
  const { cache } = options;
  const now = options.now ?? new Date();
  const cached = cache?.get(hash);
  if (cached) return cached;
  if (cache?.wasRefused(hash)) return null;
  const generation = cache?.generation() ?? 0;
  const spentDay = spendDay(now);
  const [row] = await db
    .select({ workspace: workspaces, agent: agents, expiresAt: oauthTokens.expiresAt, spentToday: spentTodaySql(agents.id, spentDay) })
    .from(oauthTokens)
    .innerJoin(agents, eq(agents.id, oauthTokens.agentId))
    .innerJoin(workspaces, eq(workspaces.id, agents.workspaceId))
    .where(and(eq(oauthTokens.tokenHash, hash), eq(oauthTokens.kind, "access"), isNull(oauthTokens.revokedAt), isNull(agents.revokedAt)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime()) {
    cache?.rememberRefused(hash);
    return null;
  }
  const { agent } = row;
  if (options.now && (!agent.lastUsedAt || now.getTime() - agent.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)) {
    await db.update(agents).set({ lastUsedAt: now }).where(eq(agents.id, agent.id));
  }
  const verified: VerifiedKey = {
    workspace: row.workspace,
    apiKey: agentKeyRecord(agent),
    agent: {
      id: agent.id,
      clientId: agent.clientId,
      clientName: agent.clientName,
      grant: agent.grant as AgentGrant,
      spentDay,
      spentToday: Number(row.spentToday),
      createdAt: agent.createdAt,
    },
  };
  // A cached token must not outlive itself: the cache's TTL is seconds, the token's an hour.
  cache?.set(hash, verified, generation);
  return verified;
}
