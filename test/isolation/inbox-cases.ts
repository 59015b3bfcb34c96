import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

let counter = 0;

/** A's Bluesky sandbox account with one post, one like of it (a notification), and A's cursor of a one-item page. */
async function seedNotification(_t: TestApp, a: TestWorkspace): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-inbox-${counter}.test`;
  const connected = await a.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" } });
  const { id } = (await connected.json()) as { id: string };
  const post = (await (await a.request("/v1/posts", { method: "POST", json: { text: "A's private post", accounts: [id] } })).json()) as { id: string; targets: { networkPostId: string }[] };
  await a.request(`/v1/sandbox/social-accounts/${id}/activity`, { method: "POST", json: { action: "like", post: post.id, actor: `a-fan-${counter}.test` } });
  await a.request(`/v1/sandbox/social-accounts/${id}/activity`, { method: "POST", json: { action: "follow", actor: `a-fan-${counter}.test` } });
  const page = (await (await a.request("/v1/notifications?limit=1")).json()) as { items: unknown[]; cursor: string };
  expect(page.items).toHaveLength(1);
  return { id, handle, post: post.id, networkPostId: post.targets[0]?.networkPostId ?? "", cursor: page.cursor };
}

async function notificationsOf(a: TestWorkspace): Promise<{ kind: string; seen: boolean }[]> {
  return ((await (await a.request("/v1/notifications")).json()) as { items: { kind: string; seen: boolean }[] }).items;
}

/** Probes run as B, so A's own view is read through A's workspace again. */
const workspaces = new Map<string, TestWorkspace>();
const remember = async (t: TestApp, a: TestWorkspace) => {
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
