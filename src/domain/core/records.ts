import type { AgentGrant } from "./agent-grant.js";

/** The rows a request acts as: its workspace, its key, and the agent behind an OAuth token. */
export interface WorkspaceRecord {
  id: string;
  name: string;
  email: string;
  plan: string;
  creditsMonthly: number;
  creditsPeriod: string;
  creditsPack: number;
  creditsPurchased: number;
  hasPurchasedCredits: boolean;
  monthlyAllowance: number;
  testCreditsMonthly: number;
  testCreditsPeriod: string;
  testCreditsPack: number;
  apiPerMinute: number;
  postsPerMinute: number;
  profileApiPerMinute: number;
  profilePostsPerMinute: number;
  blockedPlatforms: string[];
  createdAt: Date;
}

export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  mode: "test" | "live";
  name: string;
  clientName: string;
  nickname: string | null;
  nicknameLocked: boolean;
  prefix: string;
}

/**
 * An OAuth agent acting for the workspace (src/domain/agents/): loaded with its access token, so
 * checking its grant costs no query. Its `apiKey` in the context is a stand-in with the agent's
 * id, mode and names, so audit entries and idempotency keys name the agent.
 */
export interface AgentRecord {
  id: string;
  clientId: string;
  clientName: string;
  grant: AgentGrant;
  spentDay: string;
  spentToday: number;
  createdAt: Date;
}

/**
 * What every domain function receives: the caller's workspace and key, the database and the
 * clock. Every query a domain function makes is filtered by `workspace.id`.
 */
