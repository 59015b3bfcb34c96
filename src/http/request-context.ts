import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../deps.js";
import { newId } from "../infra/ids.js";
import type { AppEnv } from "./context.js";

/**
 * First middleware: a request id to quote, the public base URL, and the database opened for
 * this request (a per-request Neon pool on Workers) and closed when the response is done.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = newId("req");
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("baseUrl", deps.publicUrl ?? new URL(c.req.url).origin);
    c.set("refusedBeforeExecution", false);
    c.set("rateLimit", undefined);
    await next();
    c.header("X-Request-Id", requestId);
  };
}
