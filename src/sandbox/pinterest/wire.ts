import type { Context } from "hono";
import { applyLatencyFaults, checkToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";

/**
 * Pinterest's wire conventions shared by the simulator's routes: `{ code, message }` errors with
 * the codes and messages the official spec gives as examples, the bearer check with the account's
 * faults, and `bookmark` pages.
 */

export const pinError = (c: Context, status: 400 | 401 | 403 | 404 | 429 | 503, code: number, message: string) => c.json({ code, message }, status);

export type Authorized = { account: SandboxAccount; token: SandboxToken };

export async function authenticate(c: Context, deps: SimulatorDeps, scopes: readonly string[]): Promise<Authorized | Response> {
  const bearer = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const check = await checkToken(deps, "pinterest", bearer);
  if (!check.ok) return pinError(c, 401, 2, "Authentication failed.");
  if ((await applyLatencyFaults(deps, check.account, c.req.raw.signal)) === "down") return pinError(c, 503, 503, "Service Unavailable. Please try again later.");
  if (check.account.fault === "rate_limited") {
    return pinError(c, 429, 8, "This request exceeded a rate limit. This can happen if the client exceeds one\nof the published rate limits within a short time window.");
  }
  if (check.account.fault === "revoked_permission" || !scopes.every((s) => check.token.scopes.includes(s))) {
    return pinError(c, 403, 3, "Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.");
  }
  return { account: check.account, token: check.token };
}

/** One page of records in store order; the bookmark is an opaque offset. */
export function pageOf<T>(c: Context, all: T[]): Response {
  const size = Number(c.req.query("page_size") ?? "25");
  const bookmark = c.req.query("bookmark");
  let offset = 0;
  if (bookmark) {
    let decoded: RegExpExecArray | null = null;
    try {
      decoded = /^sandbox-offset:(\d+)$/.exec(atob(bookmark));
    } catch {
      decoded = null; // not base64: a bookmark this simulator never issued
    }
    if (!decoded?.[1]) return c.json({ code: 1, message: "Invalid parameters." }, 400);
    offset = Number(decoded[1]);
  }
  if (!Number.isInteger(size) || size < 1 || size > 250) return c.json({ code: 1, message: "Invalid parameters." }, 400);
  const items = all.slice(offset, offset + size);
  const next = offset + size < all.length ? btoa(`sandbox-offset:${offset + size}`) : null;
  return c.json({ items, bookmark: next });
}
