import { expect } from "vitest";
import { type IsolationCase, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;

async function connectBusiness(ws: WorkspaceFixture, handle: string): Promise<{ account: string; location: string }> {
  const connected = await ws.post("/v1/social-accounts/connect", { platform: "googlebusiness", handle });
  expect(connected.status).toBe(201);
  const account = connected.body.id;
  const targets = (await ws.get(`/v1/social-accounts/${account}/targets`)).body;
  return { account, location: targets.items[0]?.id ?? "" };
}

const workspaces = new Map<string, WorkspaceFixture>();

/** A's Google Business account with one review of its first location. */
async function seedReview(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const { account, location } = await connectBusiness(a, `a_reviews_${counter}`);
  const made = await a.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "review", target: location, rating: 5, text: "A's secret review", actor: `a.reviewer.${counter}` });
  expect(made.status).toBe(201);
  const review = made.body.networkId;
  workspaces.set(account, a);
  return { id: account, idTarget: location, idReview: review, text: "A's secret review", reviewer: `a.reviewer.${counter}` };
}

/** A still sees its review, unanswered. */
async function expectUnanswered(s: Record<string, string>): Promise<void> {
  const a = workspaces.get(s.id ?? "");
  if (!a) throw new Error("seeded workspace lost");
  const page = (await a.get(`/v1/social-accounts/${s.id}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`)).body;
  expect(page.items).toEqual([expect.objectContaining({ id: s.idReview, reply: null })]);
}

export const reviewCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/social-accounts/:id/reviews",
    seed: seedReview,
    agentProbe: async (_t, agent, s) => {
      await expectNotFound(await agent.get(`/v1/social-accounts/${s.id}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`), s);
      // Answered through the agent's own (Bluesky) account: refused, and A's review stays unanswered.
      const answer = await agent.post(`/v1/comments/${encodeURIComponent(s.idReview ?? "")}/replies`, { account: grantedAccount(agent), text: "An agent was here" });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.text).not.toContain("A's secret review");
      await expectUnanswered(s);
    },
    probe: async (_t, b, s) => {
      // A's account id: 404, nothing said.
      await expectNotFound(await b.get(`/v1/social-accounts/${s.id}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`), s);
      // B's own business account, asked for A's location: not one of B's, refused before the network.
      counter += 1;
      const own = await connectBusiness(b, `b_reviews_${counter}`);
      await expectNotFound(await b.get(`/v1/social-accounts/${own.account}/reviews?target=${encodeURIComponent(s.idTarget ?? "")}`), s);
      // A's review id answered through B's account: the network refuses B, and A's review stays unanswered.
      const answer = await b.post(`/v1/comments/${encodeURIComponent(s.idReview ?? "")}/replies`, { account: own.account, text: "B was here" });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.text).not.toContain("A's secret review");
      await expectUnanswered(s);
    },
  },
];
