import type { Context } from "hono";
import type { RateGate } from "../domain/core/index.js";
import type { AppEnv } from "./context.js";
import { enforceRateLimits } from "./rate-limit.js";

/**
 * The rate gate an operation counts itself through when an HTTP request runs it (a REST route, an
 * MCP tool call, a dashboard form): the app's limiter, with the outcome kept on the request so
 * its answer carries the X-RateLimit-* headers.
 */
export function rateGateOf<E extends AppEnv>(http: Context<E>): RateGate {
  // Only the API's variables are read and set (deps, rateLimit): the dashboard's context extends them.
  const c = http as unknown as Context<AppEnv>;
  return { enforce: (checks) => enforceRateLimits(c, checks) };
}
