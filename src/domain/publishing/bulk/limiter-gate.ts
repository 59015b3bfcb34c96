import { ApiError } from "../../../infra/errors.js";
import type { DomainContext, RateGate } from "../../core/index.js";

/**
 * The rate gate of background work: the same limiter and buckets a request counts against, so a
 * bulk import's rows and the posts sent meanwhile share one posts-per-minute budget. Refuses like
 * the request gate (429 `rate_limited` with `Retry-After`), which the import turns into a wait.
 */
export function limiterGate(ctx: DomainContext): RateGate {
  return {
    async enforce(checks) {
      const limiter = ctx.services.rateLimiter;
      if (!limiter) throw new Error("This runtime has no rate limiter for background work.");
      const outcomes = await Promise.all(checks.map((check) => limiter.limit(check.key, check.rule)));
      const refused = outcomes.find((o) => !o.success);
      if (!refused) return;
      const seconds = Math.max(1, Math.ceil((refused.reset - ctx.clock.now().getTime()) / 1000));
      throw new ApiError("rate_limited", { message: `Rate limit of ${refused.limit} posts per window reached.`, headers: { "Retry-After": String(seconds) } });
    },
  };
}
