import type { Context } from "hono";
import { routePath } from "hono/route";
import type { DomainContext } from "../domain/context.js";
import type { AppEnv } from "./context.js";

/**
 * The one line per request. Only these fields are ever written: never a header, a key, a token,
 * a query string or a body. `route` is the matched pattern (`/v1/posts/:id`), so ids in paths
 * do not end up in logs and lines group by endpoint.
 */
export function logRequest(c: Context<AppEnv>, startedAt: number): void {
  const status = c.res.status;
  const ctx = c.get("ctx") as DomainContext | undefined;
  const fields = {
    requestId: c.get("requestId"),
    method: c.req.method,
    route: routePath(c, -1) || null,
    status,
    latencyMs: Math.round((performance.now() - startedAt) * 10) / 10,
    workspace: ctx?.workspace.id ?? null,
  };
  if (status >= 500) c.get("deps").logger.error("request", fields);
  else c.get("deps").logger.info("request", fields);
}
