import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

let counter = 0;

/** A's Facebook sandbox account with one broadcast on its eligible page (the page with followers). */
async function seedBroadcast(_t: TestApp, a: TestWorkspace): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a_live_${counter}`;
  const connected = await a.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "facebook", handle } });
  const { id } = (await connected.json()) as { id: string };
  const targets = (await (await a.request(`/v1/social-accounts/${id}/targets`)).json()) as { items: { id: string; details: { followers: number } }[] };
  const page = targets.items.find((p) => p.details.followers >= 100)?.id ?? "";
  const created = await a.request(`/v1/social-accounts/${id}/live-broadcasts`, { method: "POST", json: { pageId: page, title: `A's private broadcast ${counter}` } });
  expect(created.status).toBe(201);
  const b = (await created.json()) as { id: string; networkId: string; title: string; ingest: { streamKey: string } };
  workspaces.set(id, a);
  return { id, idLive: b.id, handle, page, networkId: b.networkId, title: b.title, streamKey: b.ingest.streamKey };
}

const workspaces = new Map<string, TestWorkspace>();

/** A's broadcast, read as A: B's attempts must have changed nothing. */
async function statusSeenByA(s: Record<string, string>): Promise<string> {
  const a = workspaces.get(s.id ?? "");
  if (!a) return "unknown";
  return ((await (await a.request(`/v1/social-accounts/${s.id}/live-broadcasts/${s.idLive}`)).json()) as { status: string }).status;
}

/** B's own Facebook account: A's broadcast id under B's account is 404 too. */
async function ownAccount(b: TestWorkspace): Promise<string> {
  counter += 1;
  const connected = await b.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "facebook", handle: `b_live_${counter}` } });
  return ((await connected.json()) as { id: string }).id;
}

/** A's YouTube sandbox channel with one broadcast: its network id is YouTube's, the Chorus id still scoped. */
async function seedYoutubeBroadcast(_t: TestApp, a: TestWorkspace): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a_ytlive_${counter}`;
  const { id } = (await (await a.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "youtube", handle } })).json()) as { id: string };
  const created = await a.request(`/v1/social-accounts/${id}/live-broadcasts`, { method: "POST", json: { title: `A's channel broadcast ${counter}` } });
  expect(created.status).toBe(201);
  const b = (await created.json()) as { id: string; networkId: string; title: string; ingest: { streamKey: string } };
  workspaces.set(id, a);
  return { id, idLive: b.id, handle, networkId: b.networkId, title: b.title, streamKey: b.ingest.streamKey };
}

const base = (s: Record<string, string>) => `/v1/social-accounts/${s.id}/live-broadcasts`;

export const liveCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/social-accounts/:id/live-broadcasts",
    seed: seedBroadcast,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(base(s)), s);
      await expectInvisible(await b.request(`/v1/social-accounts/${await ownAccount(b)}/live-broadcasts`), s);
    },
  },
  {
    method: "POST",
    path: "/v1/social-accounts/:id/live-broadcasts",
    seed: seedBroadcast,
    agentProbe: async (_t, agent, s) => expectNotFound(await agent.request(base(s), { method: "POST", json: { pageId: s.page, title: "An agent's attempt" } }), s),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(base(s), { method: "POST", json: { pageId: s.page, title: "B's attempt" } }), s);
      // A page of A's under B's own account is not B's page.
      const own = await ownAccount(b);
      const onAPage = await b.request(`/v1/social-accounts/${own}/live-broadcasts`, { method: "POST", json: { pageId: s.page, title: "B's attempt" } });
      expect(onAPage.status).toBe(400);
      // The refusal may repeat the page id B sent itself, and nothing else of A's.
      const { page: _sentByB, ...rest } = s;
      await expectInvisible(onAPage, rest);
    },
  },
  {
    method: "GET",
    path: "/v1/social-accounts/:id/live-broadcasts/:liveId",
    seed: seedBroadcast,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`${base(s)}/${s.idLive}`), s);
      await expectNotFound(await b.request(`/v1/social-accounts/${await ownAccount(b)}/live-broadcasts/${s.idLive}`), s);
    },
  },
  ...(["start", "end", "credentials"] as const).map(
    (action): IsolationCase => ({
      method: "POST",
      path: `/v1/social-accounts/:id/live-broadcasts/:liveId/${action}`,
      seed: seedBroadcast,
      probe: async (_t, b, s) => {
        await expectNotFound(await b.request(`${base(s)}/${s.idLive}/${action}`, { method: "POST" }), s);
        await expectNotFound(await b.request(`/v1/social-accounts/${await ownAccount(b)}/live-broadcasts/${s.idLive}/${action}`, { method: "POST" }), s);
        expect(await statusSeenByA(s)).toBe("ready");
      },
    }),
  ),

  {
    method: "GET",
    path: "/v1/social-accounts/:id/live-broadcasts/:liveId",
    seed: seedYoutubeBroadcast,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`${base(s)}/${s.idLive}`), s);
      counter += 1;
      const own = ((await (await b.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "youtube", handle: `b_ytlive_${counter}` } })).json()) as { id: string }).id;
      await expectNotFound(await b.request(`/v1/social-accounts/${own}/live-broadcasts/${s.idLive}`), s);
      await expectNotFound(await b.request(`/v1/social-accounts/${own}/live-broadcasts/${s.idLive}/credentials`, { method: "POST" }), s);
      await expectInvisible(await b.request(`/v1/social-accounts/${own}/live-broadcasts`), s);
      expect(await statusSeenByA(s)).toBe("ready");
    },
  },
];
