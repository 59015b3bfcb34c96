import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;

/** A's Bluesky account with one published, liked post, and A's analytics read once (so A's cache holds it). */
async function seedAnalytics(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-stats-${counter}.test`;
  const connected = await a.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
  const { id } = connected.body;
  const post = (await a.post("/v1/posts", { text: "A's measured post", accounts: [id] })).body;
  await a.post(`/v1/sandbox/social-accounts/${id}/activity`, { action: "like", post: post.id, actor: `a-stats-fan-${counter}.test` });
  expect((await a.get(`/v1/posts/${post.id}/analytics`)).status).toBe(200);
  const report = (await a.get("/v1/analytics")).body;
  expect(report.accounts).toHaveLength(1);
  return { id, handle, post: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

export const analyticsCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/posts/:id/analytics",
    seed: seedAnalytics,
    probe: async (_t, b, s) => {
      // The 404 may repeat the id asked for (as every post route does), nothing else of A's.
      const { post, ...rest } = s;
      await expectNotFound(await b.get(`/v1/posts/${post}/analytics`), { ...rest, id: post ?? "" });
      await expectNotFound(await b.get(`/v1/posts/${post}/analytics?refresh=true`), { ...rest, id: post ?? "" });
    },
  },
  {
    method: "GET",
    path: "/v1/analytics",
    seed: seedAnalytics,
    agentProbe: async (_t, agent, s) => {
      await expectNotFound(await agent.get(`/v1/analytics?account=${s.id}`), s);
      // The agent's report covers its own granted account only.
      await expectInvisible(await agent.get("/v1/analytics?period=7d"), s);
      await expectInvisible(await agent.get("/v1/analytics?refresh=true&platform=bluesky"), s);
    },
    probe: async (_t, b, s) => {
      await expectNotFound(await b.get(`/v1/analytics?account=${s.id}`), s);
      // B's own report, cached or refreshed, shows nothing of A's account or numbers.
      const own = await b.get("/v1/analytics?period=7d");
      const body = own.body;
      expect(body).toMatchObject({ accounts: [], problems: [] });
      await expectInvisible(own, s);
      await expectInvisible(await b.get("/v1/analytics?refresh=true&platform=bluesky"), s);
    },
  },
];
