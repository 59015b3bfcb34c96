import { expect } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

/** A's approved agent: its id and client name. */
async function seedAgent(t: TestApp, a: TestWorkspace): Promise<Record<string, string>> {
  const { agentId, clientId } = await approvedAgent(t, a, { actions: ["read"] });
  return { id: agentId, clientId };
}

export const agentCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/agents",
    seed: seedAgent,
    probe: async (_t, b, s) => {
      const response = await b.request("/v1/agents");
      expect(response.status).toBe(200);
      await expectInvisible(response, s);
    },
  },
  {
    method: "PATCH",
    path: "/v1/agents/:id",
    seed: seedAgent,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/agents/${s.id}`, { method: "PATCH", json: { nicknameLocked: true } }), s);
    },
  },
  {
    method: "DELETE",
    path: "/v1/agents/:id",
    seed: seedAgent,
    probe: async (t, b, s) => {
      await expectNotFound(await b.request(`/v1/agents/${s.id}`, { method: "DELETE" }), s);
      // A's agent still works: B's refused revocation touched nothing.
      const rows = await t.db.query.agents.findFirst({ where: (agents, { eq }) => eq(agents.id, s.id ?? "") });
      expect(rows?.revokedAt).toBeNull();
    },
  },
];
