import { expect } from "vitest";
import { type IsolationCase, expectInvisible } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

/** A draft in workspace A; B's agent asks for it by id and lists its own posts. */
const seedDraft = async (_t: TestApp, a: TestWorkspace) => {
  const account = (await (await a.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "twitter", handle: "a-mcp-isolated" } })).json()) as { id: string };
  const draft = (await (await a.request("/v1/posts", { method: "POST", json: { text: "a-secret-mcp-draft", accounts: [account.id], draft: true } })).json()) as { id: string };
  return { idDraft: draft.id, text: "a-secret-mcp-draft", handle: "a-mcp-isolated" };
};

const call = (b: TestWorkspace, id: number, name: string, args: Record<string, unknown>) =>
  b.request("/v1/mcp", {
    method: "POST",
    headers: { accept: "application/json, text/event-stream" },
    json: { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
  });

export const mcpCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/mcp",
    seed: seedDraft,
    agentProbe: async (_t, agent, s) => {
      // A narrowed agent of A: the draft is A's, but its account is outside the grant.
      const got = await call(agent, 1, "get_post", { id: s.idDraft });
      const body = (await got.clone().json()) as { result?: { isError?: boolean; structuredContent?: { error?: { code?: string } } } };
      expect(body.result?.isError).toBe(true);
      expect(body.result?.structuredContent?.error?.code).toMatch(/^agent_grant_/);
      const text = await got.text();
      expect(text).not.toContain(s.text);
      expect(text).not.toContain(s.handle);
      for (const [n, tool] of ["list_posts", "list_social_accounts", "list_conversations", "list_notifications", "get_analytics"].entries()) {
        await expectInvisible(await call(agent, n + 2, tool, {}), s);
      }
    },
    probe: async (_t, b, s) => {
      const got = await call(b, 1, "get_post", { id: s.idDraft });
      const body = (await got.clone().json()) as { result?: { isError?: boolean; structuredContent?: { error?: { code?: string } } } };
      expect(body.result?.isError).toBe(true);
      expect(body.result?.structuredContent?.error?.code).toBe("resource_not_found");
      // The answer names only the id B asked for, nothing else of A's.
      const text = await got.text();
      expect(text).not.toContain(s.text);
      expect(text).not.toContain(s.handle);
      await expectInvisible(await call(b, 2, "list_posts", {}), s);
    },
  },
];
