import type { Hono } from "hono";
import { BLUESKY_METHODS } from "../../networks/bluesky/capabilities.js";
import type { SimulatorDeps } from "../types.js";
import { checkToken } from "../tokens.js";
import { accountFault, authenticate, bearer, findAccount, issueSession, PLATFORM, rotateRefresh, scopeFault, scopeForPassword, sessionInfo, type RefreshRow } from "./accounts.js";
import { jwtClaims, xrpcError } from "./wire.js";
import { jsonBody } from "../json-body.js";

const path = (nsid: string) => `/xrpc/${nsid}`;

/**
 * `com.atproto.server.*` session methods as the reference PDS answers them. `revoked_permission`
 * means the person revoked the app password: its logins fail, its refresh tokens are gone, and
 * calls with a token issued before answer the PDS's scope error.
 */
export function mountSessionRoutes(app: Hono, deps: SimulatorDeps): void {
  app.post(path(BLUESKY_METHODS.createSession), async (c) => {
    const body = await jsonBody(c);
    if (!body) return xrpcError(c, 400, "InvalidRequest", "Request encoding (Content-Type) required but not provided");
    const { identifier, password } = body;
    if (typeof identifier !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "identifier"');
    if (typeof password !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "password"');
    const account = await findAccount(deps, identifier);
    // One answer for an unknown identifier and a wrong password, as the PDS gives (no account probing).
    const refused = () => xrpcError(c, 401, "AuthenticationRequired", "Invalid identifier or password");
    if (!account) return refused();
    const fault = await accountFault(c, deps, account, "login");
    if (fault) return fault;
    if (account.fault === "revoked_permission" || account.password === undefined || account.password !== password) return refused();
    const tokens = await issueSession(deps, account, scopeForPassword(password), crypto.randomUUID());
    return c.json({ ...tokens, ...sessionInfo(account) });
  });

  app.post(path(BLUESKY_METHODS.refreshSession), async (c) => {
    const auth = await authenticate(c, deps, "refresh");
    if (!auth.ok) return auth.response;
    const fault = await accountFault(c, deps, auth.account, "other");
    if (fault) return fault;
    const revoked = () => xrpcError(c, 400, "ExpiredToken", "Token has been revoked");
    if (auth.account.fault === "revoked_permission" || !auth.jti) return revoked();
    const rotated = await rotateRefresh(deps, auth.jti);
    if (!rotated) return revoked();
    const tokens = await issueSession(deps, rotated.account, rotated.scope, rotated.nextJti);
    return c.json({ ...tokens, ...sessionInfo(rotated.account) });
  });

  app.get(path(BLUESKY_METHODS.getSession), async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
    if (fault) return fault;
    return c.json(sessionInfo(auth.account));
  });

  // deleteSession accepts an expired refresh token (auth-verifier `refresh({ allowExpired: true })`)
  // and answers 200 with no body, whether or not the token was still known.
  app.post(path(BLUESKY_METHODS.deleteSession), async (c) => {
    const token = bearer(c);
    if (token === null) return xrpcError(c, 401, "AuthMissing", "Authentication Required");
    const check = await checkToken(deps, PLATFORM, token, "refresh");
    if (!check.ok && check.reason !== "expired" && check.reason !== "revoked") {
      return xrpcError(c, 400, "InvalidToken", check.reason === "wrong_kind" ? "Invalid token type" : "Token could not be verified");
    }
    if (check.ok) {
      const fault = await accountFault(c, deps, check.account, "other");
      if (fault) return fault;
    }
    const jti = jwtClaims(token)?.jti;
    if (typeof jti === "string" && (await deps.store.get<RefreshRow>(PLATFORM, "refresh_row", jti))) {
      await deps.store.delete(PLATFORM, "refresh_row", jti);
    }
    return c.body(null, 200);
  });
}
