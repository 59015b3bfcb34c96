import type { AgentGrant } from "../../agents/index.js";
import { spentOn } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";

export interface MeView {
  account: string;
  name: string;
  email: string;
  plan: string;
  mode: "test" | "live";
  key: { id: string; name: string; prefix: string; nickname: string | null };
  /** The OAuth agent behind the token, or null for an API key. */
  agent: { id: string; clientName: string; nickname: string | null; nicknameLocked: boolean; grant: AgentGrant; spentToday: number; creditsLeftToday: number } | null;
  createdAt: string;
}

/** Echoes who the key (or agent) belongs to; costs no query beyond authentication. */
export function getMe({ ctx }: { ctx: DomainContext }): MeView {
  const { workspace, apiKey, agent } = ctx;
  const spentToday = agent ? spentOn(agent, ctx.clock.now()) : 0;
  return {
    account: workspace.id,
    name: workspace.name,
    email: workspace.email,
    plan: workspace.plan,
    mode: apiKey.mode,
    key: { id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, nickname: apiKey.nickname },
    agent: agent
      ? {
          id: agent.id,
          clientName: agent.clientName,
          nickname: apiKey.nickname,
          nicknameLocked: apiKey.nicknameLocked,
          grant: agent.grant,
          spentToday,
          creditsLeftToday: Math.max(0, agent.grant.creditsPerDay - spentToday),
        }
      : null,
    createdAt: workspace.createdAt.toISOString(),
  };
}
