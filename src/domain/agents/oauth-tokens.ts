import { and, eq, isNull } from "drizzle-orm";
import { agents, oauthCodes, oauthTokens } from "../../db/schema/index.js";
import type { Database, Queryable } from "../../db/types.js";
import { sha256Hex, timingSafeEqual } from "../../infra/crypto.js";
import { randomString } from "../../infra/ids.js";
import type { VerifiedKeyCache } from "../core/index.js";
import type { ClientRecord } from "./oauth-clients.js";
import { OAuthError } from "./oauth-error.js";

/** Access tokens live an hour; refresh tokens 30 days, each used once. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

export const ACCESS_TOKEN_SHAPE = /^cat_[0-9A-Za-z]{43}$/;
const REFRESH_TOKEN_SHAPE = /^crt_[0-9A-Za-z]{43}$/;
const CODE_SHAPE = /^oac_[0-9A-Za-z]{43}$/;

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** The scope string of every token: the grant, not OAuth scopes, says what the agent may do. */
export const AGENT_SCOPE = "agent";

/** base64url(SHA-256(verifier)), the S256 transformation of RFC 7636 §4.2. */
async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function issuePair(db: Queryable, input: { agentId: string; family: string; resource: string; now: Date }): Promise<TokenResponse> {
  const access = `cat_${randomString(43)}`;
  const refresh = `crt_${randomString(43)}`;
  const { now } = input;
  await db.insert(oauthTokens).values([
    {
      tokenHash: await sha256Hex(access),
      kind: "access",
      agentId: input.agentId,
      family: input.family,
      resource: input.resource,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    },
    {
      tokenHash: await sha256Hex(refresh),
      kind: "refresh",
      agentId: input.agentId,
      family: input.family,
      resource: input.resource,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      createdAt: now,
    },
  ]);
  return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS, refresh_token: refresh, scope: AGENT_SCOPE };
}

/**
 * grant_type=authorization_code. The code is spent by one conditional UPDATE, so two racing
 * exchanges get one token pair. Client, redirect URI, resource and the PKCE verifier must all
 * match what the code was bound to. A code presented twice revokes what the first exchange
 * issued (OAuth 2.1 §4.1.3: a replayed code may be an attacker's).
 */
export async function exchangeCode(
  db: Database,
  client: ClientRecord,
  form: { code?: string | undefined; code_verifier?: string | undefined; redirect_uri?: string | undefined; resource?: string | undefined },
  resourceOf: (given: string) => string,
  now: Date,
  cache?: VerifiedKeyCache,
): Promise<TokenResponse> {
  if (!form.code || !CODE_SHAPE.test(form.code)) throw new OAuthError("invalid_grant", "The authorization code is missing or malformed.");
  if (!form.code_verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(form.code_verifier)) throw new OAuthError("invalid_request", "code_verifier is required (43 to 128 characters of [A-Za-z0-9._~-]).");
  const codeHash = await sha256Hex(form.code);
  const verifierChallenge = await s256(form.code_verifier);
  const outcome = await db.transaction(async (tx) => {
    const [code] = await tx
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
      .returning();
    if (!code) {
      const [spent] = await tx.select({ agentId: oauthCodes.agentId }).from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).limit(1);
      if (spent) {
        await tx
          .update(oauthTokens)
          .set({ revokedAt: now })
          .where(and(eq(oauthTokens.agentId, spent.agentId), isNull(oauthTokens.revokedAt)));
        return { revokedAgent: spent.agentId };
      }
      return { error: new OAuthError("invalid_grant", "Unknown authorization code.") };
    }
    // Checked after the claim and answered without throwing (a throw would roll the claim back):
    // a code presented with the wrong verifier is spent too, so it cannot be guessed at.
    if (code.expiresAt.getTime() <= now.getTime()) return { error: new OAuthError("invalid_grant", "The authorization code expired (codes live one minute).") };
    if (code.clientId !== client.id) return { error: new OAuthError("invalid_grant", "The authorization code was issued to another client.") };
    if ((form.redirect_uri ?? code.redirectUri) !== code.redirectUri) return { error: new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's.") };
    if (!timingSafeEqual(verifierChallenge, code.codeChallenge)) return { error: new OAuthError("invalid_grant", "code_verifier does not match the code_challenge (PKCE S256).") };
    let resource: string;
    try {
      resource = form.resource === undefined ? code.resource : resourceOf(form.resource);
    } catch (error) {
      if (error instanceof OAuthError) return { error };
      throw error;
    }
    const [agent] = await tx.select({ revokedAt: agents.revokedAt }).from(agents).where(eq(agents.id, code.agentId)).limit(1);
    if (!agent || agent.revokedAt) return { error: new OAuthError("invalid_grant", "The owner revoked this agent.") };
    return { tokens: await issuePair(tx, { agentId: code.agentId, family: `fam_${randomString(20)}`, resource, now }) };
  });
  if (outcome.revokedAgent !== undefined) {
    cache?.forgetKey(outcome.revokedAgent);
    throw new OAuthError("invalid_grant", "The authorization code was already used; the tokens it gave were revoked.");
  }
  if (outcome.error) throw outcome.error;
  if (!outcome.tokens) throw new Error("no tokens issued");
  return outcome.tokens;
}

/**
 * grant_type=refresh_token with rotation: the presented token is spent and a new pair issued in
 * its family. A spent token presented again means two parties hold it, so the whole family is
 * revoked, access tokens included, and the agent must be approved again.
 */
export async function refreshTokens(
  db: Database,
  client: ClientRecord,
  form: { refresh_token?: string | undefined; resource?: string | undefined },
  resourceOf: (given: string) => string,
  now: Date,
  cache?: VerifiedKeyCache,
): Promise<TokenResponse> {
  if (!form.refresh_token || !REFRESH_TOKEN_SHAPE.test(form.refresh_token)) throw new OAuthError("invalid_grant", "The refresh token is missing or malformed.");
  const hash = await sha256Hex(form.refresh_token);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: oauthTokens, clientId: agents.clientId, agentRevokedAt: agents.revokedAt })
      .from(oauthTokens)
      .innerJoin(agents, eq(agents.id, oauthTokens.agentId))
      .where(and(eq(oauthTokens.tokenHash, hash), eq(oauthTokens.kind, "refresh")))
      .limit(1);
    if (!row || row.clientId !== client.id) return { error: new OAuthError("invalid_grant", "Unknown refresh token.") };
    const { token } = row;
    if (row.agentRevokedAt || token.revokedAt) return { error: new OAuthError("invalid_grant", "The refresh token was revoked.") };
    if (token.expiresAt.getTime() <= now.getTime()) return { error: new OAuthError("invalid_grant", "The refresh token expired.") };
    const [claimed] = await tx
      .update(oauthTokens)
      .set({ usedAt: now })
      .where(and(eq(oauthTokens.tokenHash, hash), isNull(oauthTokens.usedAt), isNull(oauthTokens.revokedAt)))
      .returning({ family: oauthTokens.family });
    if (!claimed) {
      await tx
        .update(oauthTokens)
        .set({ revokedAt: now })
        .where(and(eq(oauthTokens.family, token.family), isNull(oauthTokens.revokedAt)));
      return { reused: token.agentId };
    }
    let resource: string;
    try {
      resource = form.resource === undefined ? token.resource : resourceOf(form.resource);
    } catch (error) {
      if (error instanceof OAuthError) return { error };
      throw error;
    }
    return { tokens: await issuePair(tx, { agentId: token.agentId, family: token.family, resource, now }) };
  });
  if (outcome.reused !== undefined) {
    cache?.forgetKey(outcome.reused);
    throw new OAuthError("invalid_grant", "This refresh token was already used: every token of its family is now revoked. Ask the owner to approve the agent again.");
  }
  if (outcome.error) throw outcome.error;
  if (!outcome.tokens) throw new Error("no tokens issued");
  return outcome.tokens;
}

/**
 * RFC 7009 revocation: an access token ends alone; a refresh token ends its whole family. An
 * unknown token, or another client's, is answered 200 like a revoked one (§2.2), so the endpoint
 * tells nobody which tokens exist.
 */
export async function revokeToken(db: Database, client: ClientRecord, token: string | undefined, now: Date, cache?: VerifiedKeyCache): Promise<void> {
  if (!token) throw new OAuthError("invalid_request", "token is required.");
  if (!ACCESS_TOKEN_SHAPE.test(token) && !REFRESH_TOKEN_SHAPE.test(token)) return;
  const hash = await sha256Hex(token);
  const [row] = await db
    .select({ token: oauthTokens, clientId: agents.clientId })
    .from(oauthTokens)
    .innerJoin(agents, eq(agents.id, oauthTokens.agentId))
    .where(eq(oauthTokens.tokenHash, hash))
    .limit(1);
  if (!row || row.clientId !== client.id) return;
  if (row.token.kind === "refresh") {
    await db
      .update(oauthTokens)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokens.family, row.token.family), isNull(oauthTokens.revokedAt)));
  } else {
    await db
      .update(oauthTokens)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokens.tokenHash, hash), isNull(oauthTokens.revokedAt)));
  }
  // The verified-key cache holds access tokens by hash: forgetting the agent drops them at once.
  cache?.forgetKey(row.token.agentId);
}
