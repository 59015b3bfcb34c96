import type { Context } from "hono";
import { routePath } from "hono/route";
import type { DomainContext } from "../domain/core/index.js";
import type { AppEnv } from "./context.js";

/** nginx's status for a request whose client closed the connection before the answer. */
const CLIENT_CLOSED = 499;

/** Whether the client closed the connection before the answer (@hono/node-server aborts the request's signal then). */
export function clientWentAway(c: Context): boolean {
  return c.req.raw.signal?.aborted ?? false;
}

/**
 * The one line per request. Only these fields are ever written: never a header, a key, a token,
 * a query string or a body. `route` is the matched pattern (`/v1/posts/:id`), so ids in paths
 * do not end up in logs and lines group by endpoint. A failed request the client had abandoned
 * is logged as 499 at info: nobody was there to read the answer, and it is not a server error.
 */
export function logRequest(c: Context<AppEnv>, startedAt: number): void {
  // Asked only of failures: on @hono/node-server the signal is made on first use, and the
  // answers that went out well need none.
  const status = c.res.status >= 500 && clientWentAway(c) ? CLIENT_CLOSED : c.res.status;
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
