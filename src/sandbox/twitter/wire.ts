import type { Context } from "hono";
import { applyLatencyFaults, checkToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";

/** X's wire pieces shared by the simulator's routes: problem bodies, rate headers, bearer auth. */

const PROBLEM = { "Content-Type": "application/problem+json" };

export const problem = (c: Context, status: 401 | 403 | 429 | 503, title: string, headers: Record<string, string> = {}) =>
  c.json({ title, type: "about:blank", status, detail: title }, status, { ...PROBLEM, ...headers });

export function rateHeaders(deps: SimulatorDeps, remaining: number): Record<string, string> {
  const reset = Math.ceil(deps.now().getTime() / 1000) + 900;
  return { "x-rate-limit-limit": "75", "x-rate-limit-remaining": String(remaining), "x-rate-limit-reset": String(reset) };
}

export type Authorized = { account: SandboxAccount; token: SandboxToken };

export async function authenticate(c: Context, deps: SimulatorDeps, scopes: readonly string[]): Promise<Authorized | Response> {
  const bearer = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const check = await checkToken(deps, "twitter", bearer);
  if (!check.ok) return problem(c, 401, "Unauthorized");
  if ((await applyLatencyFaults(deps, check.account, c.req.raw.signal)) === "down") return problem(c, 503, "Service Unavailable");
  if (check.account.fault === "rate_limited") return problem(c, 429, "Too Many Requests", rateHeaders(deps, 0));
  if (check.account.fault === "revoked_permission" || !scopes.every((s) => check.token.scopes.includes(s))) {
    return problem(c, 403, "Forbidden");
  }
  return { account: check.account, token: check.token };
}

/** X's id epoch (2010-11-04T01:42:54.657Z): a post id is milliseconds since then, shifted past 22 bits of worker and sequence. */
const SNOWFLAKE_EPOCH_MS = 1288834974657n;

/**
 * A post id as X makes them (snowflake ids): later posts have greater ids, which is what
 * `since_id` and `until_id` compare. The low 22 bits are random, standing in for X's worker and sequence.
 */
export function snowflakeId(at: Date): string {
  const low = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return ((BigInt(at.getTime()) - SNOWFLAKE_EPOCH_MS) * 4194304n + BigInt(low % 4194304)).toString();
}
