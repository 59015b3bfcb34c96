import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, workspaces } from "../../src/db/schema/index.js";
import type { DomainContext, RateGate } from "../../src/domain/core/context.js";
import { mediaLoaderFor } from "../../src/domain/publishing/media/load-media-for-publish.js";
import { deletePost, editPost, publishDraft } from "../../src/domain/publishing/posts/change-post.js";
import { retractPost } from "../../src/domain/publishing/posts/retract-post.js";
import { domainServices } from "../../src/http/domain-services.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * The post operations check an agent's grant themselves, as createPost does, whichever entry runs
 * them: the REST route map and the MCP server check first, and an entry added later (a dashboard
 * action, a job) cannot skip it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function contextOf(agentActions: string[] | null): Promise<DomainContext> {
  const ws = await testWorkspace(t);
  const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
  const [apiKey] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, ws.keyId));
  if (!workspace || !apiKey) throw new Error("workspace or key missing");
  const agent = agentActions
    ? {
        id: "agt_test",
        clientId: "client",
        clientName: "Test agent",
        grant: { profiles: null, platforms: null, actions: agentActions as never, creditsPerDay: 10, purchasedCredits: false },
        spentDay: "",
        spentToday: 0,
        createdAt: t.clock.now(),
      }
    : undefined;
  return { db: t.db, clock: t.clock, workspace, apiKey, agent, services: domainServices(t.deps, "http://chorus.test") };
}

describe("post operations and an agent's grant", () => {
  it("refuses an agent without the action before reading or counting anything, and lets the owner through to the lookup", async () => {
    let counted = 0;
    const limits: RateGate = { enforce: async () => void (counted += 1) };
    const runs = (ctx: DomainContext) => [
      () => deletePost({ ctx, input: { id: "post_missing" } }),
      () => editPost({ ctx, input: { id: "post_missing", changes: { text: "new" } }, loadMedia: mediaLoaderFor(ctx) }),
      () => publishDraft({ ctx, input: { id: "post_missing" }, loadMedia: mediaLoaderFor(ctx), limits }),
      () => retractPost({ ctx, input: { id: "post_missing" } }),
    ];
    const reader = await contextOf(["read"]);
    for (const run of runs(reader)) await expect(run()).rejects.toMatchObject({ code: "agent_grant_action" });
    expect(counted).toBe(0);
    const owner = await contextOf(null);
    for (const run of runs(owner)) await expect(run()).rejects.toMatchObject({ code: "resource_not_found" });
  });
});
