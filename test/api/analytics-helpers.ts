import { expect } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { Schemas } from "../support/api-types.js";
import type { TestWorkspace } from "../support/test-app.js";
import { reply } from "../support/workspace-fixture.js";

/** The analytics answers as documented (api-types.ts). */
export type Metrics = Schemas["Metrics"];
export type TargetAnalytics = Schemas["TargetAnalytics"];
export type AccountAnalytics = Schemas["AccountAnalytics"];
export type Report = Schemas["AnalyticsReport"];

let counter = 0;

export async function connect(ws: TestWorkspace, platform: PlatformId, handle?: string): Promise<string> {
  counter += 1;
  const name = handle ?? (platform === "bluesky" ? `stats${counter}.test` : `stats_${platform}_${counter}`);
  const json = { platform, handle: name, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const connected = await reply<Schemas["SocialAccount"]>(await ws.request("/v1/social-accounts/connect", { method: "POST", json }));
  expect(connected.status, connected.text).toBe(201);
  return connected.body.id;
}

export async function publishText(ws: TestWorkspace, account: string, text: string): Promise<{ id: string; networkPostId: string }> {
  const created = await reply<Schemas["Post"]>(await ws.request("/v1/posts", { method: "POST", json: { text, accounts: [account] } }));
  expect(created.status, created.text).toBe(201);
  const post = created.body;
  expect(post.targets[0]?.state, JSON.stringify(post.targets[0]?.error)).toBe("published");
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

export async function postAnalytics(ws: TestWorkspace, postId: string, query = ""): Promise<TargetAnalytics[]> {
  const answer = await reply<Schemas["PostAnalytics"]>(await ws.request(`/v1/posts/${postId}/analytics${query}`));
  expect(answer.status, answer.text).toBe(200);
  return answer.body.targets;
}

export async function report(ws: TestWorkspace, query = ""): Promise<Report> {
  const answer = await reply<Report>(await ws.request(`/v1/analytics${query}`));
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
