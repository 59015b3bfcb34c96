import type { DomainContext, RateGate } from "../../core/index.js";

/**
 * Publishing counts against postsPerMinute, and against each profile's it publishes for (named,
 * or owning its accounts). Part of the operations themselves (createPost, publishDraft), so every
 * entry that runs them (REST, MCP tools, the dashboard's compose form) counts against one budget.
 */
export async function limitPublishing(ctx: DomainContext, gate: RateGate, profileIds: string[]): Promise<void> {
  const ws = ctx.workspace;
  const checks = [{ key: `ws:${ws.id}:posts`, rule: { limit: ws.postsPerMinute, windowSeconds: 60 } }];
  for (const id of profileIds) checks.push({ key: `ws:${ws.id}:profile:${id}:posts`, rule: { limit: ws.profilePostsPerMinute, windowSeconds: 60 } });
  await gate.enforce(checks);
}
