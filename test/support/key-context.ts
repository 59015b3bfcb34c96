import { eq } from "drizzle-orm";
import { apiKeys, workspaces } from "../../src/db/schema/index.js";
import type { DomainContext } from "../../src/domain/core/context.js";
import { domainServices } from "../../src/http/domain-services.js";
import type { TestApp } from "./test-app.js";

/** The domain context a request with this workspace's key gets, fresh from the database, for calling domain functions directly. */
export async function keyContext(t: TestApp, ws: { id: string; keyId: string }): Promise<DomainContext> {
  const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
  const [apiKey] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, ws.keyId));
  if (!workspace || !apiKey) throw new Error("workspace or key missing");
  return { db: t.db, clock: t.clock, workspace, apiKey, services: domainServices(t.deps, "http://chorus.test") };
}
