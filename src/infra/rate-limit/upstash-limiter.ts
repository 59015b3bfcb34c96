import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import type { LimitCallOptions, RateLimiter, RateLimitOutcome, RateRule } from "./types.js";

export interface UpstashLimiterOptions {
  redis: Redis;
  /** Used when Upstash does not answer within `timeoutMs`: the same policy, kept in process. */
  fallback: RateLimiter;
  timeoutMs?: number;
  prefix?: string;
}

/**
 * @upstash/ratelimit with one sliding-window limiter per distinct rule (workspaces can have
 * different limits). When Upstash times out the request is decided by the in-process fallback
 * rather than let through unchecked: a slow Redis degrades accuracy across isolates, never
 * removes the limit.
 */
export function createUpstashRateLimiter(options: UpstashLimiterOptions): RateLimiter {
  const limiters = new Map<string, Ratelimit>();
  const timeout = options.timeoutMs ?? 1000;

  const limiterFor = (rule: RateRule) => {
    const id = `${rule.limit}/${rule.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: options.redis,
        limiter: Ratelimit.slidingWindow(rule.limit, `${rule.windowSeconds} s`),
        prefix: options.prefix ?? "chorus:rl",
        timeout,
        analytics: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    async limit(key: string, rule: RateRule, call: LimitCallOptions = {}): Promise<RateLimitOutcome> {
      const result = await limiterFor(rule).limit(key);
      call.waitUntil?.(result.pending);
      if (result.reason === "timeout") return options.fallback.limit(key, rule);
      return { success: result.success, limit: result.limit, remaining: result.remaining, reset: result.reset };
    },
  };
}
