import type { Context } from "hono";
import { BLUESKY_ACCESS_TOKEN_SECONDS, BLUESKY_DEFAULT_SERVICE_URL, BLUESKY_REFRESH_TOKEN_SECONDS, BLUESKY_SCOPES } from "../../networks/bluesky/capabilities.js";
import { applyLatencyFaults, checkToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { jwtClaims, sessionJwt, xrpcError } from "./wire.js";

/** Accounts, sessions and faults of the simulated PDS. Every piece of state lives in `deps.store`. */

export const PLATFORM = "bluesky" as const;
/** The simulator is both entryway and PDS, so DID documents point back at the host it serves. */
export const SANDBOX_PDS_URL = BLUESKY_DEFAULT_SERVICE_URL;
/** The service DID in the tokens' `aud`, as a PDS puts its own DID there. */
const SERVICE_DID = `did:web:${new URL(SANDBOX_PDS_URL).host}`;
const GRACE_MS = 2 * 60 * 60 * 1000;

/** A refresh-token row, keyed by the token's `jti`, as the PDS keeps them (`refresh_token` table). */
export interface RefreshRow {
  accountId: string;
  scope: string;
  expiresAt: string;
  /** Set at the first rotation: reusing this token in its grace period yields the same next id. */
  nextJti: string | null;
}

/** App passwords look like `xxxx-xxxx-xxxx-xxxx` (lowercase base32); any other password counts as the main one. */
const APP_PASSWORD = /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/;

export function scopeForPassword(password: string): string {
  return APP_PASSWORD.test(password) ? BLUESKY_SCOPES.appPassword : BLUESKY_SCOPES.mainPassword;
}

const EMAIL_DOMAIN = "@sandbox.chorus.invalid";

/** Finds an account by DID, handle or its sandbox email, the identifiers createSession accepts. */
export async function findAccount(deps: SimulatorDeps, identifier: string): Promise<SandboxAccount | null> {
  const key = identifier.trim().replace(/^@/, "");
  if (key.startsWith("did:")) return (await deps.store.get<SandboxAccount>(PLATFORM, "account", key))?.data ?? null;
  const lower = key.toLowerCase();
  const handleKey = lower.endsWith(EMAIL_DOMAIN) ? lower.slice(0, -EMAIL_DOMAIN.length) : lower;
  const handle = await deps.store.get<{ accountId: string }>(PLATFORM, "handle", handleKey);
  if (!handle) return null;
  return (await deps.store.get<SandboxAccount>(PLATFORM, "account", handle.data.accountId))?.data ?? null;
}

export function didDoc(account: SandboxAccount) {
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
    id: account.id,
    alsoKnownAs: [`at://${account.handle}`],
    service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: SANDBOX_PDS_URL }],
  };
}

/** The fields createSession, refreshSession and getSession share. */
export function sessionInfo(account: SandboxAccount) {
  return {
    did: account.id,
    didDoc: didDoc(account),
    handle: account.handle,
    email: `${account.handle}${EMAIL_DOMAIN}`,
    emailConfirmed: true,
    active: true,
  };
}

/** Issues an access JWT (2 hours) and a refresh JWT (90 days) carrying `jti`. */
export async function issueSession(deps: SimulatorDeps, account: SandboxAccount, scope: string, jti: string) {
  const now = deps.now();
  const iat = Math.floor(now.getTime() / 1000);
  const accessExp = iat + BLUESKY_ACCESS_TOKEN_SECONDS;
  const refreshExp = iat + BLUESKY_REFRESH_TOKEN_SECONDS;
  const accessJwt = sessionJwt("at+jwt", { scope, sub: account.id, aud: SERVICE_DID, iat, exp: accessExp });
  const refreshJwt = sessionJwt("refresh+jwt", { scope: BLUESKY_SCOPES.refresh, sub: account.id, aud: SERVICE_DID, jti, iat, exp: refreshExp });
  const token = (kind: "access" | "refresh", exp: number): SandboxToken => ({
    accountId: account.id,
    kind,
    scopes: [kind === "access" ? scope : BLUESKY_SCOPES.refresh],
    expiresAt: new Date(exp * 1000).toISOString(),
    revoked: false,
  });
  await deps.store.put(PLATFORM, "token", accessJwt, token("access", accessExp), account.id);
  await deps.store.put(PLATFORM, "token", refreshJwt, token("refresh", refreshExp), account.id);
  if (!(await deps.store.get<RefreshRow>(PLATFORM, "refresh_row", jti))) {
    const row: RefreshRow = { accountId: account.id, scope, expiresAt: new Date(refreshExp * 1000).toISOString(), nextJti: null };
    await deps.store.put(PLATFORM, "refresh_row", jti, row, account.id);
  }
  return { accessJwt, refreshJwt };
}

/**
 * Rotates a refresh token as the PDS does (account-manager `rotateRefreshToken`): the old token's
 * row is cut down to a two-hour grace period and remembers the next id, so a retry with the old
 * token in that window gets a token with the same id; after it, the old token is gone.
 */
export async function rotateRefresh(deps: SimulatorDeps, jti: string): Promise<{ account: SandboxAccount; scope: string; nextJti: string } | null> {
  const found = await deps.store.get<RefreshRow>(PLATFORM, "refresh_row", jti);
  if (!found) return null;
  const now = deps.now().getTime();
  const rowExpires = new Date(found.data.expiresAt).getTime();
  if (rowExpires <= now) {
    await deps.store.delete(PLATFORM, "refresh_row", jti);
    return null;
  }
  const account = await deps.store.get<SandboxAccount>(PLATFORM, "account", found.data.accountId);
  if (!account) return null;
  const nextJti = found.data.nextJti ?? crypto.randomUUID();
  const grace = new Date(Math.min(rowExpires, now + GRACE_MS)).toISOString();
  await deps.store.put(PLATFORM, "refresh_row", jti, { ...found.data, expiresAt: grace, nextJti }, found.owner);
  return { account: account.data, scope: found.data.scope, nextJti };
}

export function bearer(c: Context): string | null {
  const header = c.req.header("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? "";
}

export type Authenticated = { ok: true; account: SandboxAccount; jti: string | null } | { ok: false; response: Response };

/** The PDS auth-verifier's answers (`access()` / `refresh()`), in its error names and statuses. */
export async function authenticate(c: Context, deps: SimulatorDeps, kind: "access" | "refresh"): Promise<Authenticated> {
  const token = bearer(c);
  if (token === null) return { ok: false, response: xrpcError(c, 401, "AuthMissing", "Authentication Required") };
  if (!token) return { ok: false, response: xrpcError(c, 400, "InvalidToken", "Malformed authorization header") };
  const check = await checkToken(deps, PLATFORM, token, kind);
  if (!check.ok) {
    if (check.reason === "expired") return { ok: false, response: xrpcError(c, 400, "ExpiredToken", "Token has expired") };
    if (check.reason === "wrong_kind") return { ok: false, response: xrpcError(c, 400, "InvalidToken", "Invalid token type") };
    if (check.reason === "revoked") return { ok: false, response: xrpcError(c, 400, "ExpiredToken", "Token has been revoked") };
    return { ok: false, response: xrpcError(c, 400, "InvalidToken", "Token could not be verified") };
  }
  const jti = jwtClaims(token)?.jti;
  return { ok: true, account: check.account, jti: typeof jti === "string" ? jti : null };
}

/**
 * `slow`, `down` and `rate_limited` for one account. The 429 carries the PDS's RateLimit-* headers
 * (reset in epoch seconds, policy `<limit>;w=<seconds>`): createSession's 30 per 5 minutes, or the
 * global 3,000 per 5 minutes for other methods.
 */
export async function accountFault(c: Context, deps: SimulatorDeps, account: SandboxAccount, route: "login" | "other"): Promise<Response | null> {
  if ((await applyLatencyFaults(deps, account, c.req.raw.signal)) === "down") return xrpcError(c, 500, "InternalServerError", "Internal Server Error");
  if (account.fault === "rate_limited") {
    const limit = route === "login" ? 30 : 3000;
    const reset = Math.floor(deps.now().getTime() / 1000) + 300;
    return xrpcError(c, 429, "RateLimitExceeded", "Rate Limit Exceeded", {
      "RateLimit-Limit": String(limit),
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": String(reset),
      "RateLimit-Policy": `${limit};w=300`,
    });
  }
  return null;
}

/**
 * `revoked_permission` on authenticated methods: the PDS's answer when a token's scope does not
 * allow the method (auth-verifier "Bad token scope", 400 InvalidToken).
 */
export function scopeFault(c: Context, account: SandboxAccount): Response | null {
  return account.fault === "revoked_permission" ? xrpcError(c, 400, "InvalidToken", "Bad token scope") : null;
}
