import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;

async function connectBluesky(ws: WorkspaceFixture, handle: string): Promise<string> {
  return (await ws.connect("bluesky", { handle })).id;
}

/** A's Bluesky sandbox account, a post and a stranger's comment on it. */
async function seedComment(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-comments-${counter}.test`;
  const account = await connectBluesky(a, handle);
  const post = (await a.post("/v1/posts", { text: "A's post with a comment", accounts: [account] })).body;
  const acted = await a.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "reply", post: post.id, actor: `a-commenter-${counter}.test`, text: "A's secret comment" });
  const comment = acted.body.networkId;
  return { id: post.id, idAccount: account, handle, comment, text: "A's secret comment", networkPostId: post.targets[0]?.networkPostId ?? "" };
}

const workspaces = new Map<string, WorkspaceFixture>();
const remember = async (t: TestApp, a: WorkspaceFixture) => {
  const seeded = await seedComment(t, a);
  workspaces.set(seeded.id ?? "", a);
  return seeded;
};
const commentPath = (s: Record<string, string>, rest = "") => `/v1/comments/${encodeURIComponent(s.comment ?? "")}${rest}`;

/** B's own Bluesky account (a narrowed agent's granted one): A's comment id through it is a comment that account's network does not have. */
async function ownAccount(b: WorkspaceFixture): Promise<string> {
  const agentOwn = grantedAccount(b);
  if (agentOwn) return agentOwn;
  counter += 1;
  return connectBluesky(b, `b-comments-${counter}.test`);
}

/** A still sees its comment, unanswered and in place. */
async function expectUntouched(s: Record<string, string>): Promise<void> {
  const a = workspaces.get(s.id ?? "");
  if (!a) return;
  const page = (await a.get(`/v1/posts/${s.id}/comments?nested=true`)).body;
  expect(page.items).toEqual([expect.objectContaining({ id: s.comment, hidden: false, replies: [] })]);
}

/**
 * A narrowed agent of A, through A's account (outside its grant): refused. Through its own
 * granted account, hiding or deleting someone else's comment is refused by the network; a reply
 * from its own account to a public comment is that account's public act, so it is not tried.
 */
const agentOnComment =
  (method: string, rest: string, json: Record<string, string>, tryOwn: boolean) =>
  async (_t: TestApp, agent: WorkspaceFixture, s: Record<string, string>): Promise<void> => {
    await expectNotFound(await agent.request(commentPath(s, rest), { method, json: { ...json, account: s.idAccount ?? "" } }), s);
    if (tryOwn) {
      const through = await agent.request(commentPath(s, rest), { method, json: { ...json, account: grantedAccount(agent) ?? "" } });
      expect(through.status).toBeGreaterThanOrEqual(400);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
    }
    await expectUntouched(s);
  };

export const commentCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/posts/:id/comments",
    seed: remember,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.get(`/v1/posts/${s.id}/comments`), s);
      await expectNotFound(await b.get(`/v1/posts/${s.id}/comments?nested=true`), s);
    },
  },
  {
    method: "POST",
    path: "/v1/comments/:id/hide",
    seed: remember,
    agentProbe: agentOnComment("POST", "/hide", {}, true),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.post(commentPath(s, "/hide"), { account: s.idAccount }), s);
      const mine = await ownAccount(b);
      const through = await b.post(commentPath(s, "/hide"), { account: mine });
      expect(through.status).toBe(404);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
      const a = workspaces.get(s.id ?? "");
      const page = a ? await a.read(`/v1/posts/${s.id}/comments`) : undefined;
      expect(page?.items).toEqual([expect.objectContaining({ id: s.comment, hidden: false })]);
    },
  },
  {
    method: "DELETE",
    path: "/v1/comments/:id",
    seed: remember,
    agentProbe: agentOnComment("DELETE", "", {}, true),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.delete(commentPath(s), { account: s.idAccount }), s);
      const mine = await ownAccount(b);
      const through = await b.delete(commentPath(s), { account: mine });
      expect(through.status).toBe(404);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
      await expectUntouched(s);
    },
  },
  {
    method: "POST",
    path: "/v1/comments/:id/replies",
    seed: remember,
    agentProbe: agentOnComment("POST", "/replies", { text: "from an agent" }, false),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.post(commentPath(s, "/replies"), { account: s.idAccount, text: "from B" }), s);
      const mine = await ownAccount(b);
      const through = await b.post(commentPath(s, "/replies"), { account: mine, text: "from B" });
      expect(through.status).toBe(404);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
      await expectUntouched(s);
    },
  },
];
