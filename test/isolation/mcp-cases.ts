import { CallToolResultSchema, JSONRPCResultResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { type IsolationCase, expectInvisible } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import { type Reply, type WorkspaceFixture, reply } from "../support/workspace-fixture.js";

/** A draft in workspace A; B's agent asks for it by id and lists its own posts. */
const seedDraft = async (_t: TestApp, a: WorkspaceFixture) => {
  const account = await a.connect("twitter", { handle: "a-mcp-isolated" });
  const draft = await a.publish({ text: "a-secret-mcp-draft", accounts: [account.id], draft: true });
  return { idDraft: draft.id, text: "a-secret-mcp-draft", handle: "a-mcp-isolated" };
};

const call = async (b: WorkspaceFixture, id: number, name: string, args: Record<string, unknown>): Promise<Reply<unknown>> =>
  reply(
    await b.request("/v1/mcp", {
      method: "POST",
      headers: { accept: "application/json, text/event-stream" },
      json: { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
    }),
  );

/** The tool's result, read through the protocol's schemas (a JSON-RPC error or a malformed result fails the test). */
const toolResult = (answer: Reply<unknown>) => {
  expect(answer.status, answer.text).toBe(200);
  return CallToolResultSchema.parse(JSONRPCResultResponseSchema.parse(answer.body).result);
};

export const mcpCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/mcp",
    seed: seedDraft,
    agentProbe: async (_t, agent, s) => {
      // A narrowed agent of A: the draft is A's, but its account is outside the grant.
      const got = await call(agent, 1, "get_post", { id: s.idDraft });
      const result = toolResult(got);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: { code: expect.stringMatching(/^agent_grant_/) } });
      expect(got.text).not.toContain(s.text);
      expect(got.text).not.toContain(s.handle);
      for (const [n, tool] of ["list_posts", "list_social_accounts", "list_conversations", "list_notifications", "get_analytics"].entries()) {
        await expectInvisible(await call(agent, n + 2, tool, {}), s);
      }
    },
    probe: async (_t, b, s) => {
      const got = await call(b, 1, "get_post", { id: s.idDraft });
      const result = toolResult(got);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: { code: "resource_not_found" } });
      // The answer names only the id B asked for, nothing else of A's.
      expect(got.text).not.toContain(s.text);
      expect(got.text).not.toContain(s.handle);
      await expectInvisible(await call(b, 2, "list_posts", {}), s);
    },
  },
];
