import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../deps.js";
import { newId } from "../infra/ids.js";
import type { AppEnv } from "./context.js";
import { logRequest } from "./request-log.js";

/**
 * `new URL(url).origin` without parsing the URL again: the request's URL is already serialised
 * (scheme and host lower-cased, a default port dropped), so its origin is everything before the
 * path's first slash.
 */
export function originOf(url: string): string {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return path === -1 ? url : url.slice(0, path);
}

/**
 * First middleware: a request id to quote, the public base URL, and the database opened for
 * this request (a per-request Neon pool on Workers) and closed when the response is done; last
 * on the way out, the request's log line.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = performance.now();
    const requestId = newId("req");
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("baseUrl", deps.publicUrl ?? originOf(c.req.url));
    c.set("refusedBeforeExecution", false);
    c.set("rateLimit", undefined);
    await next();
    // Set on the response in place: `c.header()` once the response exists rebuilds it around its
    // body stream, which sends the Node adapter down its slow streaming path (35-60 µs more per
    // request at p50 and a longer tail on a bare route). Immutable headers still go through c.header.
    try {
      c.res.headers.set("X-Request-Id", requestId);
    } catch {
      c.header("X-Request-Id", requestId);
    }
    logRequest(c, startedAt);
  };
}
