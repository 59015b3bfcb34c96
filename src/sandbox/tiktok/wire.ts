import type { Context } from "hono";
import { applyLatencyFaults, checkToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";

/**
 * TikTok's wire conventions, shared by the simulator's OAuth/Display routes and its Content
 * Posting routes: the `{ data, error: { code, message, log_id } }` envelope, the flat OAuth error,
 * and the bearer check with the account's faults.
 */

export const logId = (deps: SimulatorDeps) => `${deps.now().toISOString().replace(/\D/g, "").slice(0, 14)}SANDBOX${crypto.randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;

export type ApiStatus = 200 | 400 | 401 | 403 | 404 | 429 | 500;

export function envelope(c: Context, deps: SimulatorDeps, status: ApiStatus, data: Record<string, unknown>, code = "ok", message = "") {
  return c.json({ data, error: { code, message, log_id: logId(deps) } }, status);
}

export const oauthError = (c: Context, deps: SimulatorDeps, error: string, description: string) => c.json({ error, error_description: description, log_id: logId(deps) }, 400);

export type Authorized = { account: SandboxAccount; token: SandboxToken; accessToken: string };

/** The bearer token, then the account's faults, then the scopes the endpoint needs (all of `scopes`, or any of `anyOf`). */
export async function authenticate(c: Context, deps: SimulatorDeps, scopes: readonly string[], anyOf: readonly string[] = []): Promise<Authorized | Response> {
  const bearer = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const check = await checkToken(deps, "tiktok", bearer);
  if (!check.ok || !bearer) return envelope(c, deps, 401, {}, "access_token_invalid", "The access token is invalid or not found in the request.");
  if ((await applyLatencyFaults(deps, check.account, c.req.raw.signal)) === "down") {
    return envelope(c, deps, 500, {}, "internal_error", "Something went wrong. Please try again later.");
  }
  if (check.account.fault === "rate_limited") return envelope(c, deps, 429, {}, "rate_limit_exceeded", "The API rate limit was exceeded. Please try again later.");
  const granted = check.token.scopes;
  const allowed = scopes.every((s) => granted.includes(s)) && (anyOf.length === 0 || anyOf.some((s) => granted.includes(s)));
  if (check.account.fault === "revoked_permission" || !allowed) {
    return envelope(c, deps, 401, {}, "scope_not_authorized", "The user did not authorize the scope required for completing this request.");
  }
  return { account: check.account, token: check.token, accessToken: bearer };
}
