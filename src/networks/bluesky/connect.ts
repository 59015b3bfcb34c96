import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkContext, PasswordLoginInput, TokenSet } from "../types.js";
import { BLUESKY_ACCESS_TOKEN_SECONDS, BLUESKY_DEFAULT_SERVICE_URL, BLUESKY_METHODS, BLUESKY_REFRESH_TOKEN_SECONDS, BLUESKY_SCOPES } from "./capabilities.js";
import { blueskyFailure, readJwtClaims, xrpc } from "./xrpc.js";

/**
 * Sessions: Bluesky has no OAuth in Chorus yet (atproto OAuth needs PAR, DPoP and a public
 * client-metadata URL). A person connects with their handle and an app password; the PDS answers
 * with an access JWT (about 2 hours) and a refresh JWT (90 days) that rotates on every refresh.
 */

const SessionSchema = v.looseObject({
  accessJwt: v.string(),
  refreshJwt: v.string(),
  did: v.string(),
  handle: v.string(),
  didDoc: v.optional(v.unknown()),
  active: v.optional(v.boolean()),
  status: v.optional(v.string()),
});
export type BlueskySession = v.InferOutput<typeof SessionSchema>;

const APP_PASSWORD_FIX =
  "Check the handle (for example alice.bsky.social) and create an app password in the Bluesky app under Settings > Privacy and security > App passwords, then send it as `appPassword` (it looks like xxxx-xxxx-xxxx-xxxx).";

export function serviceUrlOf(net: NetworkContext): string {
  return (net.config.serviceUrl ?? BLUESKY_DEFAULT_SERVICE_URL).replace(/\/+$/, "");
}

/** The PDS that holds the account: `extra.pdsUrl` from the session, else where the person logged in. */
export function pdsUrlOf(tokens: TokenSet, net: NetworkContext): string {
  const stored = tokens.extra.pdsUrl;
  return typeof stored === "string" && stored ? stored : serviceUrlOf(net);
}

/** The account's DID, from the session facts or, for older token sets, the access token's `sub`. */
export function didOf(tokens: TokenSet): string {
  const stored = tokens.extra.did;
  if (typeof stored === "string" && stored) return stored;
  const sub = readJwtClaims(tokens.accessToken).sub;
  if (sub) return sub;
  throw new ApiError("needs_reauth", { platform: "bluesky", message: "bluesky: the stored session has no account DID" });
}

/**
 * The PDS endpoint from a DID document: the service `#atproto_pds` of type
 * `AtprotoPersonalDataServer`. Entryway logins (bsky.social) return the document so later calls go
 * straight to the account's own PDS. Only http(s) URLs are taken.
 */
export function pdsFromDidDoc(didDoc: unknown): string | null {
  if (!didDoc || typeof didDoc !== "object") return null;
  const services = (didDoc as { service?: unknown }).service;
  if (!Array.isArray(services)) return null;
  for (const service of services) {
    if (!service || typeof service !== "object") continue;
    const { id, type, serviceEndpoint } = service as Record<string, unknown>;
    if (typeof id !== "string" || !id.endsWith("#atproto_pds")) continue;
    if (type !== "AtprotoPersonalDataServer" || typeof serviceEndpoint !== "string") continue;
    try {
      const url = new URL(serviceEndpoint);
      if (url.protocol === "https:" || url.protocol === "http:") return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    } catch {
      return null;
    }
  }
  return null;
}

function parseSession(body: unknown, method: string): BlueskySession {
  const parsed = v.safeParse(SessionSchema, body);
  if (!parsed.success) {
    throw new ApiError("platform_unavailable", { platform: "bluesky", message: `bluesky: unexpected ${method} response` });
  }
  return parsed.output;
}

/**
 * Builds the stored token set. Expiry comes from the JWTs' `exp`; `scope` tells an app password
 * (`com.atproto.appPass`, or `…Privileged` with DM access) from the main password
 * (`com.atproto.access`), which is flagged so the person can be told to use an app password.
 */
export function tokenSetFromSession(session: BlueskySession, net: NetworkContext, previous?: TokenSet): TokenSet {
  const now = net.now().getTime();
  const access = readJwtClaims(session.accessJwt);
  const refresh = readJwtClaims(session.refreshJwt);
  const at = (exp: number | null, fallbackSeconds: number) => new Date(exp !== null ? exp * 1000 : now + fallbackSeconds * 1000).toISOString();
  const scope = access.scope;
  const mainPassword = scope === BLUESKY_SCOPES.mainPassword;
  const previousPds = previous && typeof previous.extra.pdsUrl === "string" ? previous.extra.pdsUrl : null;
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: at(access.exp, BLUESKY_ACCESS_TOKEN_SECONDS),
    refreshExpiresAt: at(refresh.exp, BLUESKY_REFRESH_TOKEN_SECONDS),
    scopes: scope ? [scope] : [],
    extra: {
      did: session.did,
      handle: session.handle,
      pdsUrl: pdsFromDidDoc(session.didDoc) ?? previousPds ?? serviceUrlOf(net),
      mainPassword,
      dmAccess: scope === BLUESKY_SCOPES.appPasswordPrivileged || mainPassword,
      accountStatus: session.status ?? (session.active === false ? "inactive" : "active"),
      warning: mainPassword
        ? "Connected with the account's main password, which can change the email, the password and the app passwords. Create an app password under Settings > Privacy and security > App passwords and reconnect with it."
        : null,
    },
  };
}

function normaliseIdentifier(identifier: string): string {
  const trimmed = identifier.trim().replace(/^@/, "");
  return trimmed.startsWith("did:") ? trimmed : trimmed.toLowerCase();
}

/** `com.atproto.server.createSession` at the configured entryway or PDS. */
export async function loginWithPassword(input: PasswordLoginInput, net: NetworkContext): Promise<TokenSet> {
  const identifier = normaliseIdentifier(input.identifier);
  const password = input.password.trim();
  if (!identifier) throw new ApiError("field_required", { param: "handle", platform: "bluesky", message: "A Bluesky handle is required." });
  if (!password) {
    throw new ApiError("field_required", { param: "appPassword", platform: "bluesky", message: "A Bluesky app password is required.", fix: APP_PASSWORD_FIX });
  }
  const result = await xrpc<unknown>(net, {
    base: serviceUrlOf(net),
    nsid: BLUESKY_METHODS.createSession,
    method: "POST",
    json: { identifier, password },
  });
  if (!result.ok) {
    // The PDS answers a wrong handle and a wrong password alike (401, on purpose), so both are
    // reported on the password with the one fix that helps either way.
    if (result.error === "AuthenticationRequired") {
      throw new ApiError("field_invalid", {
        param: "appPassword",
        platform: "bluesky",
        message: `Bluesky did not accept this handle and app password (${result.message}).`,
        fix: APP_PASSWORD_FIX,
      });
    }
    if (result.error === "AuthFactorTokenRequired") {
      throw new ApiError("field_invalid", {
        param: "appPassword",
        platform: "bluesky",
        message: "Bluesky wants the email sign-in code because the account's main password was used.",
        fix: `Use an app password instead of the main password: app passwords need no email code. ${APP_PASSWORD_FIX}`,
      });
    }
    if (result.error === "AccountTakedown") {
      throw new ApiError("platform_rejected", {
        platform: "bluesky",
        message: `Bluesky has taken this account down (${result.message}); it cannot be connected.`,
        fix: "The account holder must resolve the takedown with Bluesky's moderation; connecting again does not help.",
      });
    }
    throw blueskyFailure(net, result.failure);
  }
  return tokenSetFromSession(parseSession(result.body, "createSession"), net);
}

/**
 * `com.atproto.server.refreshSession` with the refresh JWT. The PDS rotates: the answer carries a
 * new refresh JWT that must replace the stored one. The previous one keeps working for up to two
 * hours (so a retry after a lost answer is safe), then answers `ExpiredToken`.
 */
export async function refreshSession(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  if (!tokens.refreshToken) {
    throw new ApiError("needs_reauth", { platform: "bluesky", message: "bluesky: the connection has no refresh token" });
  }
  const result = await xrpc<unknown>(net, {
    base: pdsUrlOf(tokens, net),
    nsid: BLUESKY_METHODS.refreshSession,
    method: "POST",
    token: tokens.refreshToken,
  });
  if (!result.ok) throw blueskyFailure(net, result.failure);
  return tokenSetFromSession(parseSession(result.body, "refreshSession"), net, tokens);
}

/**
 * `com.atproto.server.deleteSession` revokes the refresh JWT (a logout). The app password itself
 * stays valid (only the person can revoke it in Bluesky's settings), and an access JWT already
 * issued keeps working until it expires. A token the PDS no longer knows counts as revoked.
 */
export async function deleteSession(tokens: TokenSet, net: NetworkContext): Promise<void> {
  if (!tokens.refreshToken) return;
  const result = await xrpc<unknown>(net, {
    base: pdsUrlOf(tokens, net),
    nsid: BLUESKY_METHODS.deleteSession,
    method: "POST",
    token: tokens.refreshToken,
  });
  if (result.ok) return;
  const error = blueskyFailure(net, result.failure);
  if (error.code === "needs_reauth") return;
  throw error;
}
