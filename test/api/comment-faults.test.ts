import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, type TestWorkspace, createTestApp, errorOf, testNetworkDeps } from "../support/test-app.js";

/** Sandbox faults seen through the comment routes: a read names the faulty network in `problems`; a write is the spec's error. */
const TIMEOUT_MS = 300;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: realSleep, readTimeoutMs: TIMEOUT_MS }) } });
});

let counter = 0;
async function connect(ws: TestWorkspace, platform: "bluesky" | "twitter"): Promise<string> {
  counter += 1;
  const json = platform === "bluesky" ? { platform, handle: `cfault${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `cfault_x_${counter}` };
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** One post on Bluesky and X, each with one comment; then `fault` on the X account. */
async function postWithFault(fault: string, body: Record<string, unknown> = {}) {
  const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
  const bluesky = await connect(ws, "bluesky");
  const x = await connect(ws, "twitter");
  const post = (await (await ws.request("/v1/posts", { method: "POST", json: { text: "two networks", accounts: [bluesky, x] } })).json()) as { id: string };
  for (const account of [bluesky, x]) {
    const acted = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "reply", post: post.id, text: "a comment" } });
    expect(acted.status, await acted.clone().text()).toBe(201);
  }
  const set = await ws.request(`/v1/sandbox/social-accounts/${x}/fault`, { method: "PUT", json: { fault, ...body } });
  expect(set.status, await set.clone().text()).toBe(200);
  return { ws, bluesky, x, post: post.id };
}

type Page = { items: { account: string }[]; problems: { account: string; platform: string; code: string; retryable: boolean }[] };

describe("sandbox faults in the comment routes", () => {
  it("a network that is down is a retryable problem and the other network still answers", async () => {
    const { ws, bluesky, x, post } = await postWithFault("down");
    const page = (await (await ws.request(`/v1/posts/${post}/comments`)).json()) as Page;
    expect(page.items.map((c) => c.account)).toEqual([bluesky]);
    // X's 503 is the spec's microblog code for "over capacity".
    expect(page.problems).toEqual([expect.objectContaining({ account: x, platform: "twitter", code: "micro_unavailable", retryable: true })]);
  });

  it("a slow network past its read timeout is a problem, not a stalled page", async () => {
    const { ws, bluesky, x, post } = await postWithFault("slow", { delayMs: 5000 });
    const started = Date.now();
    const page = (await (await ws.request(`/v1/posts/${post}/comments`)).json()) as Page;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(page.items.map((c) => c.account)).toEqual([bluesky]);
    expect(page.problems).toEqual([expect.objectContaining({ account: x, code: "platform_unavailable", retryable: true })]);
  });

  it("a rate-limited network is a problem in the list and the spec's 429 on a write, with no credit spent", async () => {
    const { ws, x, post } = await postWithFault("rate_limited");
    const page = (await (await ws.request(`/v1/posts/${post}/comments`)).json()) as Page;
    expect(page.problems).toEqual([expect.objectContaining({ account: x, code: "rate_limited", retryable: true })]);
    const credits = async () => ((await (await ws.request("/v1/me/limits")).json()) as { credits: { total: number } }).credits.total;
    const before = await credits();
    const reply = await ws.request("/v1/comments/1234567890123456789/replies", { method: "POST", json: { account: x, text: "hi" } });
    expect(reply.status).toBe(429);
    expect((await errorOf(reply)).code).toBe("rate_limited");
    expect(await credits()).toBe(before);
  });
});
