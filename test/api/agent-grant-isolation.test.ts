import { beforeAll, describe, expect, it } from "vitest";
import { requiredAction } from "../../src/http/agent-grant.js";
import { isolationCases } from "../isolation/all-cases.js";
import { expectInvisible, narrowedAgent, routeKey } from "../support/isolation.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/*
 * The tenant-isolation matrix again, inside one workspace: each route is tried by A's agent
 * granted every action but one brand and one network (test/support/isolation.ts), and must show
 * none of what the case seeded in A, which is all outside that grant. For a read, the owner's key
 * first runs the same probe and must fail it: the record is there to be seen, so the agent's
 * passing probe is a refusal, not an empty workspace.
 */

/** Reads whose probe finds nothing even for the owner, said here so the matrix stays honest. */
const ownerSeesNothing: Record<string, string> = {
  "GET /v1/social-accounts/:id/publish-info": "TikTok's creator info: the seeded X account has none, so the owner gets a 4xx too",
};

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "x");

describe("agent grant isolation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it.each(isolationCases.map((c) => [routeKey(c.method, c.path), c] as const))("%s shows a narrowed agent nothing outside its grant", async (name, c) => {
    const a = await testWorkspace(t, { plan: "subscription", grantCredits: 100 });
    const seeded = await c.seed(t, a);
    const action = requiredAction(c.method, concrete(c.path));
    if (c.method === "GET" && action === "read" && !(name in ownerSeesNothing)) {
      await expect(c.probe(t, a, seeded), "the owner sees what the case seeded").rejects.toThrow();
    }
    const agent = await narrowedAgent(t, a);
    if (action === "owner") {
      // Refused before the route reads anything, whatever the grant.
      const refused = await agent.request(concrete(c.path), { method: c.method });
      expect(refused.status).toBe(403);
      expect((await errorOf(refused.clone())).code).toBe("agent_grant_owner_only");
      await expectInvisible(refused, seeded);
      return;
    }
    await (c.agentProbe ?? c.probe)(t, agent, seeded);
  });
});
