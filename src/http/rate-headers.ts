import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.js";
import { rateLimitHeaders } from "./rate-limit.js";

/** Puts the X-RateLimit-* headers of the tightest limit checked on whatever response went out. */
export function rateHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const outcome = c.get("rateLimit");
    if (!outcome) return;
    for (const [name, value] of Object.entries(rateLimitHeaders(outcome))) c.res.headers.set(name, value);
  };
}
