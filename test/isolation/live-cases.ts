import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;

/** A's Facebook sandbox account with one broadcast on its eligible page (the page with followers). */
async function seedBroadcast(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a_live_${counter}`;
  const { id } = await a.connect("facebook", { handle });
  const targets = await a.read(`/v1/social-accounts/${id}/targets`);
  const page = targets.items.find((p) => Number(p.details.followers) >= 100)?.id ?? "";
  return broadcast(a, id, handle, { pageId: page, title: `A's private broadcast ${counter}` }, { page });
}

/** A's broadcast on its account `id`, remembered for statusSeenByA, with what identifies it. */
async function broadcast(a: WorkspaceFixture, id: string, handle: string, body: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const created = await a.post(`/v1/social-accounts/${id}/live-broadcasts`, body);
  expect(created.status, created.text).toBe(201);
  const b = created.body;
  workspaces.set(id, a);
  return { id, idLive: b.id, handle, ...extra, networkId: b.networkId, title: b.title ?? "", streamKey: b.ingest.streamKey };
}

const workspaces = new Map<string, WorkspaceFixture>();

/** A's broadcast, read as A: B's attempts must have changed nothing. */
async function statusSeenByA(s: Record<string, string>): Promise<string> {
  const a = workspaces.get(s.id ?? "");
  if (!a) return "unknown";
  return (await a.read(`/v1/social-accounts/${s.id ?? ""}/live-broadcasts/${s.idLive ?? ""}`)).status;
}

/**
 * B's own account on the network: A's broadcast id under B's account is 404 too. A narrowed
 * agent of A has none (only the owner connects, and its granted Bluesky account cannot go live),
 * so its probe checks A's ids only; it used to probe `/v1/social-accounts/undefined/...`.
 */
async function ownAccount(b: WorkspaceFixture, platform: "facebook" | "youtube" = "facebook"): Promise<string | undefined> {
  if (grantedAccount(b) !== undefined) return undefined;
  counter += 1;
  return (await b.connect(platform, { handle: platform === "facebook" ? `b_live_${counter}` : `b_ytlive_${counter}` })).id;
}

/** A's YouTube sandbox channel with one broadcast: its network id is YouTube's, the Chorus id still scoped. */
async function seedYoutubeBroadcast(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a_ytlive_${counter}`;
  const { id } = await a.connect("youtube", { handle });
  return broadcast(a, id, handle, { title: `A's channel broadcast ${counter}` });
}

const base = (s: Record<string, string>) => `/v1/social-accounts/${s.id}/live-broadcasts`;

export const liveCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/social-accounts/:id/live-broadcasts",
    seed: seedBroadcast,
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(base(s)), s);
      const own = await ownAccount(b);
      if (own) await expectInvisible(await b.request(`/v1/social-accounts/${own}/live-broadcasts`), s);
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
      expect(own, "B's key connects an account of its own").toBeDefined();
      const onAPage = await b.request(`/v1/social-accounts/${own ?? ""}/live-broadcasts`, { method: "POST", json: { pageId: s.page, title: "B's attempt" } });
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
      const own = await ownAccount(b);
      if (own) await expectNotFound(await b.request(`/v1/social-accounts/${own}/live-broadcasts/${s.idLive}`), s);
    },
  },
  ...(["start", "end", "credentials"] as const).map(
    (action): IsolationCase => ({
      method: "POST",
      path: `/v1/social-accounts/:id/live-broadcasts/:liveId/${action}`,
      seed: seedBroadcast,
      probe: async (_t, b, s) => {
        await expectNotFound(await b.request(`${base(s)}/${s.idLive}/${action}`, { method: "POST" }), s);
        const own = await ownAccount(b);
        if (own) await expectNotFound(await b.request(`/v1/social-accounts/${own}/live-broadcasts/${s.idLive}/${action}`, { method: "POST" }), s);
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
      const own = await ownAccount(b, "youtube");
      if (own) {
        await expectNotFound(await b.request(`/v1/social-accounts/${own}/live-broadcasts/${s.idLive}`), s);
        await expectNotFound(await b.request(`/v1/social-accounts/${own}/live-broadcasts/${s.idLive}/credentials`, { method: "POST" }), s);
        await expectInvisible(await b.request(`/v1/social-accounts/${own}/live-broadcasts`), s);
      }
      expect(await statusSeenByA(s)).toBe("ready");
    },
  },
];
