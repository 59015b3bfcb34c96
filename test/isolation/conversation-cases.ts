import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;
const workspaces = new Map<string, WorkspaceFixture>();

/** A's Facebook page with two conversations, A's cursor after the first, and the id of the newer one. */
async function seedConversations(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-dm-${counter}`;
  const { id } = await a.connect("facebook", { handle });
  expect((await a.post(`/v1/social-accounts/${id}/webhook`, {})).status).toBe(200);
  for (const from of [`a-first-${counter}`, `a-second-${counter}`]) {
    const sent = await a.post(`/v1/sandbox/social-accounts/${id}/inbound`, { kind: "message", text: `A's private message ${counter}`, from });
    expect(sent.status).toBe(200);
  }
  const page = await a.read("/v1/conversations?limit=1");
  expect(page.items).toHaveLength(1);
  expect(page.cursor).toEqual(expect.any(String));
  workspaces.set(id, a);
  return { id, handle, idConversation: page.items[0]?.id ?? "", networkConversationId: page.items[0]?.networkConversationId ?? "", cursor: page.cursor ?? "", text: `A's private message ${counter}` };
}

async function messageCount(s: Record<string, string>): Promise<number> {
  const a = workspaces.get(s.id ?? "");
  if (!a) return -1;
  return (await a.read(`/v1/conversations/${s.idConversation ?? ""}/messages`)).items.length;
}

export const conversationCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/conversations",
    seed: seedConversations,
    agentProbe: async (_t, agent, s) => {
      await expectNotFound(await agent.request(`/v1/conversations?account=${s.id}`), s);
      await expectInvisible(await agent.request("/v1/conversations"), s);
      // A's cursor is of the agent's own workspace: it goes on, still within the grant.
      await expectInvisible(await agent.request(`/v1/conversations?cursor=${encodeURIComponent(s.cursor ?? "")}`), { id: s.id ?? "", handle: s.handle ?? "", text: s.text ?? "" });
    },
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/conversations?account=${s.id}`), s);
      await expectInvisible(await b.request("/v1/conversations"), s);
      const replay = await b.request(`/v1/conversations?cursor=${encodeURIComponent(s.cursor ?? "")}`);
      expect(replay.status).toBe(400);
      await expectInvisible(replay, { id: s.id ?? "", handle: s.handle ?? "", text: s.text ?? "" });
    },
  },
  {
    method: "GET",
    path: "/v1/conversations/:id/messages",
    seed: seedConversations,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/conversations/${s.idConversation}/messages`), s);
      // Even B's own Facebook account cannot reach A's page conversation by its network id.
      await expectNotFound(await b.request(`/v1/conversations/${s.networkConversationId}/messages`), s);
    },
  },
  {
    method: "POST",
    path: "/v1/conversations/:id/messages",
    seed: seedConversations,
    agentProbe: async (_t, agent, s) => {
      await expectNotFound(await agent.request(`/v1/conversations/${s.idConversation}/messages`, { method: "POST", json: { account: s.id, text: "An agent writes outside its grant" } }), s);
      const own = grantedAccount(agent) ?? "";
      const through = await agent.request(`/v1/conversations/${s.idConversation}/messages`, { method: "POST", json: { account: own, text: "An agent writes outside its grant" } });
      expect(through.status).toBeGreaterThanOrEqual(400);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
      expect(await messageCount(s)).toBe(1);
    },
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/conversations/${s.idConversation}/messages`, { method: "POST", json: { account: s.id, text: "B writes in A's inbox" } }), s);
      const own = await b.connect("facebook", { handle: `b-dm-${counter}` });
      await expectNotFound(await b.request(`/v1/conversations/${s.idConversation}/messages`, { method: "POST", json: { account: own.id, text: "B writes in A's inbox" } }), s);
      expect(await messageCount(s)).toBe(1);
    },
  },
];
