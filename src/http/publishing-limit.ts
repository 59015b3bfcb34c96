import type { Context } from "hono";
import type { AppEnv } from "./context.js";
import { enforceRateLimits } from "./rate-limit.js";

/**
 * Publishing counts against postsPerMinute, and each profile's it publishes for (named, or owning
 * its accounts). POST /v1/posts, POST /v1/posts/{id}/publish and the MCP tools `create_post` and
 * `publish_draft` all come through here, so the two doors share one budget.
 */
export async function limitPublishing(c: Context<AppEnv>, profileIds: string[]): Promise<void> {
  const ws = c.get("ctx").workspace;
  const checks = [{ key: `ws:${ws.id}:posts`, rule: { limit: ws.postsPerMinute, windowSeconds: 60 } }];
  for (const id of profileIds) checks.push({ key: `ws:${ws.id}:profile:${id}:posts`, rule: { limit: ws.profilePostsPerMinute, windowSeconds: 60 } });
  await enforceRateLimits(c, checks);
}
