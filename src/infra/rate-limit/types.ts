export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOutcome {
  success: boolean;
  limit: number;
  remaining: number;
  /** Unix milliseconds at which the window has room again. */
  reset: number;
}

export interface RateLimiter {
  /** Counts one request against `key` under `rule` and says whether it is allowed. */
  limit(key: string, rule: RateRule, options?: LimitCallOptions): Promise<RateLimitOutcome>;
}

export interface LimitCallOptions {
  /** Workers hand over `ctx.waitUntil` so background work of the limiter outlives the response. */
  waitUntil?: (promise: Promise<unknown>) => void;
}
