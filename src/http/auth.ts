import type { MiddlewareHandler } from "hono";
import { domainServices } from "./domain-services.js";
import { authenticateApiKey } from "../domain/keys/authenticate.js";
import { ApiError } from "../infra/errors.js";
import type { AppEnv } from "./context.js";
import { enforceRateLimits, publicRateCheck } from "./rate-limit.js";

/**
 * Bearer key → workspace, then the workspace's API limit (and the profile's, when the request
 * names one in its query). A refused key is counted against the caller's address so that
 * guessing keys is throttled like any other anonymous traffic.
 */
export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const { db, close } = c.var.deps.database.open();
    try {
      const found = match?.[1] ? await authenticateApiKey(db, match[1]) : null;
      if (!found) {
        await enforceRateLimits(c, [publicRateCheck(c)]);
        throw new ApiError("unauthorized", {
          message: match ? "The API key is not valid." : "No API key: send `Authorization: Bearer <key>`.",
        });
      }
      const deps = c.var.deps;
      c.set("ctx", {
        db,
        clock: deps.clock,
        workspace: found.workspace,
        apiKey: found.apiKey,
        services: domainServices(deps, c.var.baseUrl),
        effects: { committed: false },
      });
      const ws = found.workspace;
      const checks = [{ key: `ws:${ws.id}:api`, rule: { limit: ws.apiPerMinute, windowSeconds: 60 } }];
      const profile = c.req.query("profile");
      if (profile) checks.push({ key: `ws:${ws.id}:profile:${profile}:api`, rule: { limit: ws.profileApiPerMinute, windowSeconds: 60 } });
      await enforceRateLimits(c, checks);
      await next();
    } finally {
      const closing = close();
      // Workers must not end the isolate's work before the pool has closed.
      try {
        c.executionCtx.waitUntil(closing);
      } catch {
        await closing;
      }
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
