import type { Context } from "hono";
import { ApiError } from "../infra/errors.js";
import type { RateLimitOutcome } from "../infra/rate-limit/types.js";
import type { RateCheck, WorkspaceRecord } from "../domain/core/index.js";
import type { AppEnv } from "./context.js";
import { executionContextOf } from "./after-response.js";

export type { RateCheck } from "../domain/core/index.js";

/** Of several outcomes, the one a client must respect first: a refusal, else the fewest remaining. */
function tighter(a: RateLimitOutcome | undefined, b: RateLimitOutcome): RateLimitOutcome {
  if (!a) return b;
  if (a.success !== b.success) return a.success ? b : a;
  return b.remaining < a.remaining ? b : a;
}

/** How a refusal reads; by default the request limit's own words. */
export interface RefusalText {
  message: (refused: RateLimitOutcome) => string;
  fix?: string;
}

const requestLimitText: RefusalText = { message: (refused) => `Rate limit of ${refused.limit} requests per window reached.` };

function refuse<E extends AppEnv>(c: Context<E>, refused: RateLimitOutcome, text: RefusalText): never {
  const seconds = Math.max(1, Math.ceil((refused.reset - c.get("deps").clock.now().getTime()) / 1000));
  throw new ApiError("rate_limited", {
    message: text.message(refused),
    ...(text.fix ? { fix: text.fix } : {}),
    headers: { "Retry-After": String(seconds) },
    beforeExecution: true,
  });
}

/**
 * Counts the request against each limit and refuses it with 429 when any is exhausted. The
 * outcome is kept on the context so every response, including errors, carries the headers.
 */
export async function enforceRateLimits<E extends AppEnv>(c: Context<E>, checks: RateCheck[], text: RefusalText = requestLimitText): Promise<void> {
  const limiter = c.get("deps").rateLimiter;
  // Node has no execution context: there the promise simply runs on.
  const waitUntil = (promise: Promise<unknown>) => executionContextOf(c)?.waitUntil(promise);
  const outcomes = await Promise.all(checks.map((check) => limiter.limit(check.key, check.rule, { waitUntil })));
  let current = c.get("rateLimit");
  for (const outcome of outcomes) current = tighter(current, outcome);
  c.set("rateLimit", current);
  const refused = outcomes.find((o) => !o.success);
  if (refused) refuse(c, refused, text);
}

export function rateLimitHeaders(outcome: RateLimitOutcome): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(outcome.limit),
    "X-RateLimit-Remaining": String(outcome.remaining),
    "X-RateLimit-Reset": String(Math.ceil(outcome.reset / 1000)),
  };
}

/** Limit for public routes, per address. Failed authentications have limits of their own (failed-auth.ts). */
export function publicRateCheck(c: Context<AppEnv>): RateCheck {
  const deps = c.get("deps");
  return { key: `ip:${deps.clientIp(c)}`, rule: { limit: deps.publicPerMinute ?? 600, windowSeconds: 60 } };
}

/**
 * A workspace's request limits: `apiPerMinute` for every request made for it, through the API or
 * the dashboard, and the profile's own when the request names one. One key, so both doors draw on
 * the same budget.
 */
export function workspaceRateChecks(workspace: WorkspaceRecord, profile: string | undefined): RateCheck[] {
  const checks = [{ key: `ws:${workspace.id}:api`, rule: { limit: workspace.apiPerMinute, windowSeconds: 60 } }];
  if (profile) checks.push({ key: `ws:${workspace.id}:profile:${profile}:api`, rule: { limit: workspace.profileApiPerMinute, windowSeconds: 60 } });
  return checks;
}
