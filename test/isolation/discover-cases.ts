import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;

async function connect(ws: WorkspaceFixture, platform: PlatformId, options: { handle: string; variant?: string }): Promise<string> {
  return (await ws.connect(platform, options)).id;
}

/**
 * A's Bluesky account with a public post, A's Instagram brand account (Facebook door), and A's
 * cursors of a one-item search and creator page. Each workspace has its own simulated world, so
 * B's own accounts must not find A's posts or people either.
 */
async function seedDiscovery(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-disc-${counter}.test`;
  const id = await connect(a, "bluesky", { handle });
  const text = `A secret sourdough ${counter}`;
  for (const suffix of ["one", "two"]) await a.publish({ text: `${text} ${suffix}`, accounts: [id] });
  const search = await a.read("/v1/discover/posts?q=sourdough&limit=1");
  expect(search.items).toHaveLength(1);
  expect(search.cursor).toEqual(expect.any(String));
  const brandHandle = `a_brand_${counter}`;
  const idBrand = await connect(a, "instagram", { handle: brandHandle, variant: "facebook_login" });
  const creators = await a.read(`/v1/discover/creators?account=${idBrand}&limit=1`);
  expect(creators.cursor).toEqual(expect.any(String));
  return { id, handle, text, idBrand, brandHandle, cursor: search.cursor ?? "", creatorCursor: creators.cursor ?? "" };
}

/** B's own Bluesky account, to search its own (empty) world. */
const ownBluesky = (b: WorkspaceFixture) => connect(b, "bluesky", { handle: `b-disc-${(counter += 1)}.test` });
const ids = (s: Record<string, string>) => ({ id: s.id ?? "", idBrand: s.idBrand ?? "" });

/**
 * A narrowed agent of A searches the same network as A (one workspace, one sandbox world), and
 * what a network shows anyone is not A's to hide; what the grant guards is searching through
 * an account outside it.
 */
const throughAccount =
  (path: (s: Record<string, string>) => string) =>
  async (_t: TestApp, agent: WorkspaceFixture, s: Record<string, string>): Promise<void> =>
    expectNotFound(await agent.request(path(s)), s);

export const discoverCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/discover/posts",
    seed: seedDiscovery,
    agentProbe: throughAccount((s) => `/v1/discover/posts?q=sourdough&account=${s.id}`),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/discover/posts?q=sourdough&account=${s.id}`), s);
      await ownBluesky(b);
      await expectInvisible(await b.request("/v1/discover/posts?q=sourdough"), s);
      const replay = await b.request(`/v1/discover/posts?q=sourdough&limit=1&cursor=${encodeURIComponent(s.cursor ?? "")}`);
      expect(replay.status).toBe(400);
      await expectInvisible(replay, { text: s.text ?? "", handle: s.handle ?? "" });
    },
  },
  {
    method: "GET",
    path: "/v1/discover/profiles/:handle",
    seed: seedDiscovery,
    agentProbe: throughAccount((s) => `/v1/discover/profiles/someone.test?account=${s.id}`),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/discover/profiles/someone.test?account=${s.id}`), s);
      const own = await ownBluesky(b);
      // A's person does not exist in B's world.
      const lookup = await b.request(`/v1/discover/profiles/${s.handle}?account=${own}`);
      expect(lookup.status).toBe(404);
      await expectInvisible(lookup, { text: s.text ?? "", ...ids(s) });
    },
  },
  {
    method: "GET",
    path: "/v1/discover/profiles/:handle/posts",
    seed: seedDiscovery,
    agentProbe: throughAccount((s) => `/v1/discover/profiles/someone.test/posts?account=${s.id}`),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/discover/profiles/someone.test/posts?account=${s.id}`), s);
      const own = await ownBluesky(b);
      const posts = await b.request(`/v1/discover/profiles/${s.handle}/posts?account=${own}`);
      expect(posts.status).toBe(404);
      await expectInvisible(posts, { text: s.text ?? "", ...ids(s) });
    },
  },
  {
    method: "GET",
    path: "/v1/discover/creators",
    seed: seedDiscovery,
    agentProbe: throughAccount((s) => `/v1/discover/creators?account=${s.idBrand}`),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/discover/creators?account=${s.idBrand}`), s);
      const own = await connect(b, "instagram", { handle: `b_brand_${(counter += 1)}`, variant: "facebook_login" });
      const replay = await b.request(`/v1/discover/creators?account=${own}&limit=1&cursor=${encodeURIComponent(s.creatorCursor ?? "")}`);
      expect(replay.status).toBe(400);
      await expectInvisible(replay, { brandHandle: s.brandHandle ?? "", ...ids(s) });
    },
  },
  {
    method: "GET",
    path: "/v1/discover/places",
    seed: seedDiscovery,
    agentProbe: throughAccount((s) => `/v1/discover/places?account=${s.idBrand}&q=paris`),
    probe: async (_t, b, s) => {
      await expectNotFound(await b.request(`/v1/discover/places?account=${s.idBrand}&q=paris`), s);
    },
  },
];
