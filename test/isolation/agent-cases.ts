import { expect } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** A's approved agent: its id and client name. */
async function seedAgent(t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  const { agentId, clientId } = await approvedAgent(t, a, { actions: ["read"] });
  return { id: agentId, clientId };
}

export const agentCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/agents",
    seed: seedAgent,
    probe: async (_t, b, s) => {
      const response = await b.get("/v1/agents");
      expect(response.status).toBe(200);
      await expectInvisible(response, s);
    },
  },
  {
    method: "PATCH",
    path: "/v1/agents/:id",
    seed: seedAgent,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.patch(`/v1/agents/${s.id}`, { nicknameLocked: true }), s);
    },
  },
  {
    method: "DELETE",
    path: "/v1/agents/:id",
    seed: seedAgent,
    probe: async (t, b, s) => {
      await expectNotFound(await b.delete(`/v1/agents/${s.id}`), s);
      // A's agent still works: B's refused revocation touched nothing.
      const rows = await t.db.query.agents.findFirst({ where: (agents, { eq }) => eq(agents.id, s.id ?? "") });
      expect(rows?.revokedAt).toBeNull();
    },
  },
];
