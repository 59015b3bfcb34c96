import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

let counter = 0;

async function connectBluesky(ws: TestWorkspace, handle: string): Promise<string> {
  const connected = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" } });
  expect(connected.status).toBe(201);
  return ((await connected.json()) as { id: string }).id;
}

/** A's Bluesky sandbox account, a post and a stranger's comment on it. */
async function seedComment(_t: TestApp, a: TestWorkspace): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-comments-${counter}.test`;
  const account = await connectBluesky(a, handle);
  const post = (await (await a.request("/v1/posts", { method: "POST", json: { text: "A's post with a comment", accounts: [account] } })).json()) as { id: string; targets: { networkPostId: string }[] };
  const acted = await a.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "reply", post: post.id, actor: `a-commenter-${counter}.test`, text: "A's secret comment" } });
  const comment = ((await acted.json()) as { networkId: string }).networkId;
  return { id: post.id, idAccount: account, handle, comment, text: "A's secret comment", networkPostId: post.targets[0]?.networkPostId ?? "" };
}

const workspaces = new Map<string, TestWorkspace>();
const remember = async (t: TestApp, a: TestWorkspace) => {
  const seeded = await seedComment(t, a);
  workspaces.set(seeded.id ?? "", a);
  return seeded;
};
const commentPath = (s: Record<string, string>, rest = "") => `/v1/comments/${encodeURIComponent(s.comment ?? "")}${rest}`;

/** B's own Bluesky account (a narrowed agent's granted one): A's comment id through it is a comment that account's network does not have. */
async function ownAccount(b: TestWorkspace): Promise<string> {
  const agentOwn = grantedAccount(b);
  if (agentOwn) return agentOwn;
  counter += 1;
  return connectBluesky(b, `b-comments-${counter}.test`);
}

/** A still sees its comment, unanswered and in place. */
async function expectUntouched(s: Record<string, string>): Promise<void> {
  const a = workspaces.get(s.id ?? "");
  if (!a) return;
  const page = (await (await a.request(`/v1/posts/${s.id}/comments?nested=true`)).json()) as { items: { id: string; replies: unknown[] }[] };
  expect(page.items).toEqual([expect.objectContaining({ id: s.comment, hidden: false, replies: [] })]);
}

/**
 * A narrowed agent of A, through A's account (outside its grant): refused. Through its own
 * granted account, hiding or deleting someone else's comment is refused by the network; a reply
 * from its own account to a public comment is that account's public act, so it is not tried.
 */
const agentOnComment =
  (method: string, rest: string, json: Record<string, string>, tryOwn: boolean) =>
  async (_t: TestApp, agent: TestWorkspace, s: Record<string, string>): Promise<void> => {
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
      await expectNotFound(await b.request(`/v1/posts/${s.id}/comments`), s);
      await expectNotFound(await b.request(`/v1/posts/${s.id}/comments?nested=true`), s);
    },
  },
  {
    method: "POST",
    path: "/v1/comments/:id/hide",
    seed: remember,
    agentProbe: agentOnComment("POST", "/hide", {}, true),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(commentPath(s, "/hide"), { method: "POST", json: { account: s.idAccount } }), s);
      const mine = await ownAccount(b);
      const through = await b.request(commentPath(s, "/hide"), { method: "POST", json: { account: mine } });
      expect(through.status).toBe(404);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
      const a = workspaces.get(s.id ?? "");
      const page = (await (await a?.request(`/v1/posts/${s.id}/comments`))?.json()) as { items: { id: string; hidden: boolean }[] } | undefined;
      expect(page?.items).toEqual([expect.objectContaining({ id: s.comment, hidden: false })]);
    },
  },
  {
    method: "DELETE",
    path: "/v1/comments/:id",
    seed: remember,
    agentProbe: agentOnComment("DELETE", "", {}, true),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(commentPath(s), { method: "DELETE", json: { account: s.idAccount } }), s);
      const mine = await ownAccount(b);
      const through = await b.request(commentPath(s), { method: "DELETE", json: { account: mine } });
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
      await expectNotFound(await b.request(commentPath(s, "/replies"), { method: "POST", json: { account: s.idAccount, text: "from B" } }), s);
      const mine = await ownAccount(b);
      const through = await b.request(commentPath(s, "/replies"), { method: "POST", json: { account: mine, text: "from B" } });
      expect(through.status).toBe(404);
      await expectInvisible(through, { handle: s.handle ?? "", text: s.text ?? "" });
      await expectUntouched(s);
    },
  },
];
