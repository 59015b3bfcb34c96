import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;

/** A's Bluesky sandbox account with one post, one like of it (a notification), and A's cursor of a one-item page. */
async function seedNotification(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-inbox-${counter}.test`;
  const { id } = await a.connect("bluesky", { handle });
  const post = await a.publish({ text: "A's private post", accounts: [id] });
  await a.simulate(id, { action: "like", post: post.id, actor: `a-fan-${counter}.test` });
  await a.simulate(id, { action: "follow", actor: `a-fan-${counter}.test` });
  const page = await a.read("/v1/notifications?limit=1");
  expect(page.items).toHaveLength(1);
  expect(page.cursor).toEqual(expect.any(String));
  return { id, handle, post: post.id, networkPostId: post.targets[0]?.networkPostId ?? "", cursor: page.cursor ?? "" };
}

async function notificationsOf(a: WorkspaceFixture) {
  return (await a.read("/v1/notifications")).items;
}

/** Probes run as B, so A's own view is read through A's workspace again. */
const workspaces = new Map<string, WorkspaceFixture>();
const remember = async (t: TestApp, a: WorkspaceFixture) => {
  const seeded = await seedNotification(t, a);
  workspaces.set(seeded.id ?? "", a);
  return seeded;
};

export const inboxCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/notifications",
    seed: remember,
    agentProbe: async (_t, agent, s) => {
      await expectNotFound(await agent.request(`/v1/notifications?account=${s.id}`), s);
      await expectInvisible(await agent.request("/v1/notifications"), s);
      // A's cursor is of the agent's own workspace: it goes on, still within the grant.
      await expectInvisible(await agent.request(`/v1/notifications?cursor=${encodeURIComponent(s.cursor ?? "")}`), { id: s.id ?? "", handle: s.handle ?? "" });
    },
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/notifications?account=${s.id}`), s);
      await expectInvisible(await b.request("/v1/notifications"), s);
      // A's cursor carries A's positions: B cannot replay it.
      const replay = await b.request(`/v1/notifications?cursor=${encodeURIComponent(s.cursor ?? "")}`);
      expect(replay.status).toBe(400);
      await expectInvisible(replay, { id: s.id ?? "", handle: s.handle ?? "" });
    },
  },
  {
    method: "POST",
    path: "/v1/notifications/seen",
    seed: remember,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/notifications/seen?account=${s.id}`, { method: "POST" }), s);
      await expectInvisible(await b.request("/v1/notifications/seen", { method: "POST" }), s);
      const a = workspaces.get(s.id ?? "");
      if (a) expect((await notificationsOf(a)).every((n) => !n.seen)).toBe(true);
    },
  },
  {
    method: "POST",
    path: "/v1/sandbox/social-accounts/:id/activity",
    seed: remember,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/sandbox/social-accounts/${s.id}/activity`, { method: "POST", json: { action: "mention" } }), s);
      const a = workspaces.get(s.id ?? "");
      if (a) expect((await notificationsOf(a)).map((n) => n.kind).sort()).toEqual(["follows", "likes"]);
    },
  },
];
