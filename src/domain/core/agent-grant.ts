import type { StoredGrant } from "../../db/schema/agents.js";

/**
 * What an agent may do, in the owner's words on the consent page. Every MCP tool and every REST
 * route an agent can reach is one of these (src/mcp/tools/*.ts `action`, src/http/agent-routes.ts);
 * `owner` marks what only the owner does (keys, webhooks, credentials, connecting accounts,
 * editing agents), never grantable.
 */
export const agentActions = ["read", "draft", "publish_or_schedule", "reply_and_message", "engage", "delete"] as const;
export type AgentAction = (typeof agentActions)[number];

export type AgentGrant = StoredGrant & { actions: AgentAction[] };
