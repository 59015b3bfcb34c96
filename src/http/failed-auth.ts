import type { Context } from "hono";
import type { AppEnv } from "./context.js";
import { type RateCheck, type RefusalText, enforceRateLimits } from "./rate-limit.js";

/**
 * Failed authentications allowed per minute. Per address: a client with a wrong key sees its
 * 401s long before this; past it, it is told to back off. Per key prefix (`sk_live_AbCd`, the
 * part `key list` shows): one key hammered from many addresses is limited as well.
 */
export const FAILED_AUTH_DEFAULTS = { perAddress: 120, perKeyPrefix: 30 };

/** The visible start of a key or token (`sk_test_` and 4 characters; `cat_` and 8). */
const PREFIX_LENGTH = 12;

const refusalText: RefusalText = {
  message: (refused) => `Too many failed authentications: more than ${refused.limit} a minute from this address or with this key prefix.`,
  fix: "Send a valid API key in `Authorization: Bearer <key>`: a valid key is never refused by this limit. Failed attempts are answered 401 again after the number of seconds in `Retry-After`.",
};

function failedAuthChecks(c: Context<AppEnv>, presented: string | undefined): RateCheck[] {
  const deps = c.get("deps");
  const limits = { ...FAILED_AUTH_DEFAULTS, ...deps.failedAuthPerMinute };
  const checks: RateCheck[] = [{ key: `authfail:ip:${deps.clientIp(c)}`, rule: { limit: limits.perAddress, windowSeconds: 60 } }];
  if (presented) checks.push({ key: `authfail:key:${presented.slice(0, PREFIX_LENGTH)}`, rule: { limit: limits.perKeyPrefix, windowSeconds: 60 } });
  return checks;
}

/**
 * Counts a failed authentication and answers 429 once the address or the key prefix is over its
 * limit (the caller then throws its 401). These counters are their own: a failure never spends a
 * workspace's budget nor the address's budget for public routes, and nothing here refuses a key
 * before it was checked, so a valid key works while its address or its prefix is being hammered.
 */
export async function countFailedAuthentication(c: Context<AppEnv>, presented: string | undefined): Promise<void> {
  await enforceRateLimits(c, failedAuthChecks(c, presented), refusalText);
}
