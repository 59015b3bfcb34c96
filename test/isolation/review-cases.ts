import { expect } from "vitest";
import { type IsolationCase, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

let counter = 0;

async function connectBusiness(ws: TestWorkspace, handle: string): Promise<{ account: string; location: string }> {
  const connected = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "googlebusiness", handle } });
  expect(connected.status).toBe(201);
  const account = ((await connected.json()) as { id: string }).id;
  const targets = (await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string }[] };
  return { account, location: targets.items[0]?.id ?? "" };
}

const workspaces = new Map<string, TestWorkspace>();

/** A's Google Business account with one review of its first location. */
async function seedReview(_t: TestApp, a: TestWorkspace): Promise<Record<string, string>> {
  counter += 1;
  const { account, location } = await connectBusiness(a, `a_reviews_${counter}`);
  const made = await a.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "review", target: location, rating: 5, text: "A's secret review", actor: `a.reviewer.${counter}` } });
  expect(made.status).toBe(201);
  const review = ((await made.json()) as { networkId: string }).networkId;
  workspaces.set(account, a);
  return { id: account, idTarget: location, idReview: review, text: "A's secret review", reviewer: `a.reviewer.${counter}` };
}

/** A still sees its review, unanswered. */
async function expectUnanswered(s: Record<string, string>): Promise<void> {
  const a = workspaces.get(s.id ?? "");
  if (!a) throw new Error("seeded workspace lost");
  const page = (await (await a.request(`/v1/social-accounts/${s.id}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`)).json()) as { items: { id: string; reply: unknown }[] };
  expect(page.items).toEqual([expect.objectContaining({ id: s.idReview, reply: null })]);
}

export const reviewCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/social-accounts/:id/reviews",
    seed: seedReview,
    agentProbe: async (_t, agent, s) => {
      await expectNotFound(await agent.request(`/v1/social-accounts/${s.id}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`), s);
      // Answered through the agent's own (Bluesky) account: refused, and A's review stays unanswered.
      const answer = await agent.request(`/v1/comments/${encodeURIComponent(s.idReview ?? "")}/replies`, { method: "POST", json: { account: grantedAccount(agent), text: "An agent was here" } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(await answer.text()).not.toContain("A's secret review");
      await expectUnanswered(s);
    },
    probe: async (_t, b, s) => {
      // A's account id: 404, nothing said.
      await expectNotFound(await b.request(`/v1/social-accounts/${s.id}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`), s);
      // B's own business account, asked for A's location: not one of B's, refused before the network.
      counter += 1;
      const own = await connectBusiness(b, `b_reviews_${counter}`);
      await expectNotFound(await b.request(`/v1/social-accounts/${own.account}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`), s);
      // A's review id answered through B's account: the network refuses B, and A's review stays unanswered.
      const answer = await b.request(`/v1/comments/${encodeURIComponent(s.idReview ?? "")}/replies`, { method: "POST", json: { account: own.account, text: "B was here" } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(await answer.text()).not.toContain("A's secret review");
      await expectUnanswered(s);
    },
  },
];
