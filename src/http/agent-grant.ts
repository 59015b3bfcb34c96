import type { MiddlewareHandler } from "hono";
import { assertPlatformsInGrant, recordAgentWrite } from "../domain/agents/index.js";
import { type RequiredAction, assertActionGranted, assertGrantCurrent } from "../domain/agents/index.js";
import type { AppEnv } from "./context.js";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * What each /v1 route needs from an agent's grant, first match wins. A route added later and not
 * listed here is `read` for GET and owner-only otherwise, so a new write is never open to agents
 * by accident: listing it is one line. POST /v1/posts is `draft` here; publishing or scheduling
 * (no `draft: true`) is checked again by createPost, which knows the body.
 */
export const agentRouteActions: [Method | "*", RegExp, RequiredAction][] = [
  ["*", /^\/v1\/mcp$/, "self"], // each tool is checked on its own (src/mcp/server.ts)
  ["GET", /^\/v1\/me(\/limits)?$/, "self"],
  ["PATCH", /^\/v1\/me\/agent$/, "self"],
  ["*", /^\/v1\/(agents|app-link|connect-link|credentials|webhooks|email-preferences|account|audit|sandbox)(\/|$)/, "owner"],
  ["POST", /^\/v1\/social-accounts\/connect$/, "owner"],
  ["DELETE", /^\/v1\/social-accounts\/[^/]+$/, "owner"],
  ["POST", /^\/v1\/profiles$/, "owner"],
  ["PUT", /^\/v1\/profiles\/[^/]+\/queue$/, "publish_or_schedule"], // when the profile's queued posts go out
  ["POST", /^\/v1\/posts\/validate$/, "draft"],
  ["POST", /^\/v1\/posts$/, "draft"],
  ["PATCH", /^\/v1\/posts\/[^/]+$/, "draft"],
  ["DELETE", /^\/v1\/posts\/[^/]+$/, "delete"],
  ["POST", /^\/v1\/posts\/[^/]+\/publish$/, "publish_or_schedule"],
  ["POST", /^\/v1\/posts\/[^/]+\/retract$/, "delete"],
  ["POST", /^\/v1\/media$/, "draft"],
  // Upload sessions are uploads in parts: the same action as POST /v1/media, and an agent sees only its own (requireUploadSession).
  ["POST", /^\/v1\/media\/uploads(\/[^/]+\/complete)?$/, "draft"],
  ["PUT", /^\/v1\/media\/uploads\/[^/]+\/parts\/[^/]+$/, "draft"],
  ["DELETE", /^\/v1\/media\/uploads\/[^/]+$/, "draft"],
  ["DELETE", /^\/v1\/media\/[^/]+$/, "delete"],
  ["POST", /^\/v1\/notifications\/seen$/, "read"],
  ["POST", /^\/v1\/engagements$/, "engage"],
  ["POST", /^\/v1\/comments\/[^/]+\/(replies|hide)$/, "reply_and_message"],
  ["DELETE", /^\/v1\/comments\/[^/]+$/, "delete"],
  ["POST", /^\/v1\/conversations\/[^/]+\/messages$/, "reply_and_message"],
  ["POST", /^\/v1\/social-accounts\/[^/]+\/live-broadcasts(\/[^/]+\/(start|end|credentials))?$/, "publish_or_schedule"],
  ["POST", /^\/v1\/social-accounts\/[^/]+\/webhook$/, "owner"],
];

export function requiredAction(method: string, path: string): RequiredAction {
  const found = agentRouteActions.find(([m, pattern]) => (m === "*" || m === method) && pattern.test(path));
  if (found) return found[2];
  return method === "GET" || method === "HEAD" ? "read" : "owner";
}

/**
 * Runs after authentication, before idempotency and the handler: an agent's request outside its
 * grant is refused before anything is read or written, from the grant loaded with its token (no
 * query). A `platform`/`platforms` query naming a network outside the grant is refused here too.
 * Once an agent's write succeeded, it is recorded in the audit log under the agent's id.
 */
export function enforceAgentGrant(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ctx = c.get("ctx");
    const agent = ctx.agent;
    if (!agent) return next();
    const method = c.req.method;
    // An expired agent may still open MCP and list its tools; each tool call is refused there.
    if (c.req.path !== "/v1/mcp") assertGrantCurrent(agent.grant, ctx.clock.now());
    assertActionGranted(agent.grant, requiredAction(method, c.req.path), `${method} ${c.req.path}`);
    const platforms = [...(c.req.queries("platform") ?? []), ...(c.req.queries("platforms") ?? []).flatMap((p) => p.split(","))];
    assertPlatformsInGrant(ctx, platforms.length > 0 ? platforms : undefined, "platform");
    await next();
    // MCP tool calls are audited per tool by the MCP server, which knows which ones write.
    if (method === "GET" || method === "HEAD" || c.req.path === "/v1/mcp" || c.res.status >= 400) return;
    await recordAgentWrite(ctx, { request: `${method} ${c.req.path}`, status: c.res.status });
  };
}
