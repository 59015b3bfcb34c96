import type { MiddlewareHandler } from "hono";
import { domainServices } from "./domain-services.js";
import { authenticateApiKey } from "../domain/keys/index.js";
import { authenticateAgentToken, isAgentToken } from "../domain/agents/index.js";
import { ApiError } from "../infra/errors.js";
import type { AppEnv } from "./context.js";
import { protectedResourceMetadataUrl } from "../domain/agents/index.js";
import { enforceRateLimits, publicRateCheck, workspaceRateChecks } from "./rate-limit.js";
import { countFailedAuthentication } from "./failed-auth.js";
import { finishAfterResponse } from "./after-response.js";
import { isTransientFailure } from "../infra/transient-failure.js";
import type { VerifiedKey } from "../domain/core/index.js";
import { forgetLimitsAfterWrite } from "./limits-after-write.js";

/**
 * Bearer key → workspace, then the workspace's API limit (and the profile's, when the request
 * names one in its query). A key verified in the last few seconds comes from the verified-key
 * cache without a query, and one refused in the last minute is refused again without one. A
 * failed authentication is counted per address and per key prefix, apart from every other limit
 * (failed-auth.ts): past those limits it is answered 429 instead of 401, and a valid key from the
 * same address, or with the same prefix, is still checked and let in.
 */
export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const { db, close } = c.get("deps").database.open();
    try {
      const deps = c.get("deps");
      const presented = match?.[1];
      const options = { cache: deps.verifiedKeys, now: deps.clock.now() };
      let found: VerifiedKey | null = null;
      try {
        // An agent's OAuth access token (`cat_…`) or an API key: the same workspace context either way, plus the agent's grant.
        found = presented ? await (isAgentToken(presented) ? authenticateAgentToken(db, presented, options) : authenticateApiKey(db, presented, options)) : null;
      } catch (error) {
        // The database is down: no workspace is known, so the 503 carries the address's public
        // limit in its X-RateLimit-* headers, as every answer carries some.
        if (isTransientFailure(error)) await enforceRateLimits(c, [publicRateCheck(c)]);
        throw error;
      }
      if (!found) {
        await countFailedAuthentication(c, presented);
        // RFC 6750 §3: a 401 names its scheme; RFC 9728 §5.1 adds where the protected resource's
        // metadata is, which is how an MCP client finds the authorization server for its agent.
        const metadata = `resource_metadata="${protectedResourceMetadataUrl(c.get("baseUrl"))}"`;
        const challenge = match ? `Bearer realm="chorus", error="invalid_token", error_description="The API key or access token is not valid.", ${metadata}` : `Bearer realm="chorus", ${metadata}`;
        throw new ApiError("unauthorized", {
          message: match ? "The API key is not valid." : "No API key: send `Authorization: Bearer <key>`.",
          headers: { "WWW-Authenticate": challenge },
        });
      }
      c.set("ctx", {
        db,
        clock: deps.clock,
        workspace: found.workspace,
        apiKey: found.apiKey,
        agent: found.agent,
        services: domainServices(deps, c.get("baseUrl")),
        effects: { committed: false },
      });
      await enforceRateLimits(c, workspaceRateChecks(found.workspace, c.req.query("profile")));
      await next();
      forgetLimitsAfterWrite(c.req.method, deps.limitsCache, found.workspace.id);
    } finally {
      await finishAfterResponse(c, close());
    }
  };
}

/** Public routes (platforms, docs, the OpenAPI document) are limited per address. */
export function publicLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceRateLimits(c, [publicRateCheck(c)]);
    await next();
  };
}
