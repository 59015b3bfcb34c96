import type { Context } from "hono";
import { ApiError } from "../infra/errors.js";
import type { RateLimitOutcome, RateLimiter, RateRule } from "../infra/rate-limit/types.js";
import type { AppEnv } from "./context.js";
import { executionContextOf } from "./after-response.js";

export interface RateCheck {
  key: string;
  rule: RateRule;
}

/** Of several outcomes, the one a client must respect first: a refusal, else the fewest remaining. */
function tighter(a: RateLimitOutcome | undefined, b: RateLimitOutcome): RateLimitOutcome {
  if (!a) return b;
  if (a.success !== b.success) return a.success ? b : a;
  return b.remaining < a.remaining ? b : a;
}

/**
 * Refusals this process's limiter answered, by limit key, until their window resets: lets the
 * auth middleware refuse an address that is already over its limit before it asks the database
 * about the key (guessing keys after a 429 must cost nothing). Per limiter, bounded.
 */
const refusals = new WeakMap<RateLimiter, Map<string, RateLimitOutcome>>();
const MAX_REFUSALS = 10_000;

function remember(limiter: RateLimiter, key: string, outcome: RateLimitOutcome): void {
  let byKey = refusals.get(limiter);
  if (!byKey) {
    byKey = new Map();
    refusals.set(limiter, byKey);
  }
  if (byKey.size >= MAX_REFUSALS && !byKey.has(key)) {
    const oldest = byKey.keys().next().value;
    if (oldest !== undefined) byKey.delete(oldest);
  }
  byKey.set(key, outcome);
}

function refuse(c: Context<AppEnv>, refused: RateLimitOutcome): never {
  const seconds = Math.max(1, Math.ceil((refused.reset - c.get("deps").clock.now().getTime()) / 1000));
  throw new ApiError("rate_limited", {
    message: `Rate limit of ${refused.limit} requests per window reached.`,
    headers: { "Retry-After": String(seconds) },
    beforeExecution: true,
  });
}

/**
 * Refuses the request with 429, without counting it or asking the limiter, when `check` was
 * refused by this process's limiter and its window has not reset yet.
 */
export function refuseIfStillLimited(c: Context<AppEnv>, check: RateCheck): void {
  const limiter = c.get("deps").rateLimiter;
  const byKey = refusals.get(limiter);
  const refused = byKey?.get(check.key);
  if (!byKey || !refused) return;
  if (refused.reset <= c.get("deps").clock.now().getTime()) {
    byKey.delete(check.key);
    return;
  }
  c.set("rateLimit", refused);
  refuse(c, refused);
}

/**
 * Counts the request against each limit and refuses it with 429 when any is exhausted. The
 * outcome is kept on the context so every response, including errors, carries the headers.
 */
export async function enforceRateLimits(c: Context<AppEnv>, checks: RateCheck[]): Promise<void> {
  const limiter = c.get("deps").rateLimiter;
  // Node has no execution context: there the promise simply runs on.
  const waitUntil = (promise: Promise<unknown>) => executionContextOf(c)?.waitUntil(promise);
  const outcomes = await Promise.all(checks.map((check) => limiter.limit(check.key, check.rule, { waitUntil })));
  let current = c.get("rateLimit");
  for (const outcome of outcomes) current = tighter(current, outcome);
  c.set("rateLimit", current);
  outcomes.forEach((outcome, i) => {
    const check = checks[i];
    if (!outcome.success && check) remember(limiter, check.key, outcome);
  });
  const refused = outcomes.find((o) => !o.success);
  if (refused) refuse(c, refused);
}

export function rateLimitHeaders(outcome: RateLimitOutcome): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(outcome.limit),
    "X-RateLimit-Remaining": String(outcome.remaining),
    "X-RateLimit-Reset": String(Math.ceil(outcome.reset / 1000)),
  };
}

/** Limit for requests that carry no valid key: public reads and refused keys, per address. */
export function publicRateCheck(c: Context<AppEnv>): RateCheck {
  const deps = c.get("deps");
  return { key: `ip:${deps.clientIp(c)}`, rule: { limit: deps.publicPerMinute ?? 600, windowSeconds: 60 } };
}
