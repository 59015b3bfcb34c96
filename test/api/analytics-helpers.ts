import { expect } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { TestWorkspace } from "../support/test-app.js";

/** Shapes of the analytics answers, as the tests read them. */
export type Metrics = Record<"views" | "reach" | "likes" | "comments" | "shares" | "saves" | "clicks" | "videoViews" | "watchTimeSeconds", number | null>;
export interface TargetAnalytics {
  account: string;
  platform: string;
  state: string;
  metrics: Metrics | null;
  networkMetrics: Record<string, number> | null;
  fetchedAt: string | null;
  cached: boolean;
  problem: { code: string; message: string; retryable: boolean } | null;
}
export interface AccountAnalytics {
  account: string;
  platform: string;
  source: string;
  metrics: Metrics;
  networkMetrics: Record<string, number>;
  followers: number | null;
  followersChange: number | null;
  daily: { date: string; metrics: Metrics }[] | null;
  fetchedAt: string;
  cached: boolean;
}
export interface Report {
  period: string;
  since: string;
  until: string;
  networks: { platform: string; accounts: number; metrics: Metrics; followers: number | null; followersChange: number | null }[];
  accounts: AccountAnalytics[];
  problems: { account: string; platform: string; code: string; message: string; retryable: boolean }[];
}

let counter = 0;

export async function connect(ws: TestWorkspace, platform: PlatformId, handle?: string): Promise<string> {
  counter += 1;
  const name = handle ?? (platform === "bluesky" ? `stats${counter}.test` : `stats_${platform}_${counter}`);
  const json = { platform, handle: name, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function publishText(ws: TestWorkspace, account: string, text: string): Promise<{ id: string; networkPostId: string }> {
  const response = await ws.request("/v1/posts", { method: "POST", json: { text, accounts: [account] } });
  expect(response.status, await response.clone().text()).toBe(201);
  const post = (await response.json()) as { id: string; targets: { networkPostId: string; state: string; error: unknown }[] };
  expect(post.targets[0]?.state, JSON.stringify(post.targets[0]?.error)).toBe("published");
  return { id: post.id, networkPostId: post.targets[0]?.networkPostId ?? "" };
}

export async function postAnalytics(ws: TestWorkspace, postId: string, query = ""): Promise<TargetAnalytics[]> {
  const response = await ws.request(`/v1/posts/${postId}/analytics${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { targets: TargetAnalytics[] }).targets;
}

export async function report(ws: TestWorkspace, query = ""): Promise<Report> {
  const response = await ws.request(`/v1/analytics${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Report;
}
