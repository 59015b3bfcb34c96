import type { Context } from "hono";
import { domainServices } from "../http/domain-services.js";
import type { ConnectRuntime } from "../domain/accounts/index.js";
import type { AppEnv } from "../http/context.js";
import { finishAfterResponse } from "../http/after-response.js";

/**
 * Runs one public page with the database opened for this request and closed after, as the
 * API-key middleware does for /v1 (on Workers a Neon pool per request, closed via waitUntil).
 * These pages have no key: the domain learns the workspace from the signed link.
 */
export async function withRuntime(c: Context<AppEnv>, run: (runtime: ConnectRuntime) => Promise<Response>): Promise<Response> {
  const deps = c.get("deps");
  const { db, close } = deps.database.open();
  try {
    return await run({
      db,
      clock: deps.clock,
      services: domainServices(deps, c.get("baseUrl")),
    });
  } finally {
    await finishAfterResponse(c, close());
  }
}
