import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Sandbox faults seen through the comment routes: a read names the faulty network in `problems`; a write is the spec's error. */
const TIMEOUT_MS = 300;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: realSleep, readTimeoutMs: TIMEOUT_MS }) } });
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: "bluesky" | "twitter"): Promise<string> {
  counter += 1;
  const json = platform === "bluesky" ? { platform, handle: `cfault${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `cfault_x_${counter}` };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status).toBe(201);
  return response.body.id;
}

/** One post on Bluesky and X, each with one comment; then `fault` on the X account. */
async function postWithFault(fault: string, body: Record<string, unknown> = {}) {
  const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
  const bluesky = await connect(ws, "bluesky");
  const x = await connect(ws, "twitter");
  const post = (await ws.post("/v1/posts", { text: "two networks", accounts: [bluesky, x] })).body;
  for (const account of [bluesky, x]) {
    const acted = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "reply", post: post.id, text: "a comment" });
    expect(acted.status, acted.text).toBe(201);
  }
  const set = await ws.put(`/v1/sandbox/social-accounts/${x}/fault`, { fault, ...body });
  expect(set.status, set.text).toBe(200);
  return { ws, bluesky, x, post: post.id };
}

describe("sandbox faults in the comment routes", () => {
  it("a network that is down is a retryable problem and the other network still answers", async () => {
    const { ws, bluesky, x, post } = await postWithFault("down");
    const page = (await ws.get(`/v1/posts/${post}/comments`)).body;
    expect(page.items.map((c) => c.account)).toEqual([bluesky]);
    // X's 503 is the spec's microblog code for "over capacity".
    expect(page.problems).toEqual([expect.objectContaining({ account: x, platform: "twitter", code: "micro_unavailable", retryable: true })]);
  });

  it("a slow network past its read timeout is a problem, not a stalled page", async () => {
    const { ws, bluesky, x, post } = await postWithFault("slow", { delayMs: 5000 });
    const started = Date.now();
    const page = (await ws.get(`/v1/posts/${post}/comments`)).body;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(page.items.map((c) => c.account)).toEqual([bluesky]);
    expect(page.problems).toEqual([expect.objectContaining({ account: x, code: "platform_unavailable", retryable: true })]);
  });

  it("a rate-limited network is a problem in the list and the spec's 429 on a write, with no credit spent", async () => {
    const { ws, x, post } = await postWithFault("rate_limited");
    const page = (await ws.get(`/v1/posts/${post}/comments`)).body;
    expect(page.problems).toEqual([expect.objectContaining({ account: x, code: "rate_limited", retryable: true })]);
    const credits = async () => (await ws.get("/v1/me/limits")).body.credits.total;
    const before = await credits();
    const reply = await ws.post("/v1/comments/1234567890123456789/replies", { account: x, text: "hi" });
    expect(reply.status).toBe(429);
    expect(reply.error.code).toBe("rate_limited");
    expect(await credits()).toBe(before);
  });
});
