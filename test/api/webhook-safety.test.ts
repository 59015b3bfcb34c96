import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../src/db/schema/index.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Live-key endpoints, through the deployment's outbound guard: a stand-in DNS (`hosts`, which
 * tests re-point) and a stand-in internet that records every request the guard lets through.
 */
const hosts: Record<string, string[]> = {};
const reached: { url: string; headers: Headers }[] = [];
let answer: () => Response = () => new Response("ok");

describe("webhook safety with a live key: private addresses refused at registration and at delivery, no redirects, capped reads", () => {
  let t: TestApp;
  beforeAll(async () => {
    const guardedFetch = createGuardedFetch({
      resolve: async (host) => hosts[host] ?? [],
      fetch: async (input, init) => {
        reached.push({ url: String(input), headers: new Headers(init?.headers) });
        return answer();
      },
    });
    t = await createTestApp({ deps: { networks: testNetworkDeps({ guardedFetch }) } });
  });
  const drain = () => t.drainJobs();

  it.each([
    ["a name resolving to a private address", "https://internal.example.test/hook"],
    ["a metadata address", "https://169.254.169.254/latest"],
    ["loopback", "https://127.0.0.1/hook"],
    ["localhost", "https://localhost/hook"],
    ["a name resolving to public and private addresses", "https://mixed.example.test/hook"],
  ])("refuses %s at registration and stores nothing", async (_name, url) => {
    hosts["internal.example.test"] = ["10.1.2.3"];
    hosts["mixed.example.test"] = ["93.184.216.34", "192.168.1.1"];
    const ws = await testWorkspace(t, { mode: "live" });
    const response = await ws.post("/v1/webhooks", { url });
    expect(response.error).toMatchObject({ code: "url_unreachable", param: "url" });
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, ws.id))).toEqual([]);
  });

  it("checks the address again at every delivery: a name re-pointed to a private address after registration is never contacted", async () => {
    hosts["rebind.example.test"] = ["93.184.216.34"];
    const ws = await testWorkspace(t, { mode: "live" });
    const hook = (await ws.post("/v1/webhooks", { url: "https://rebind.example.test/hook" })).body;
    hosts["rebind.example.test"] = ["127.0.0.1"];
    reached.length = 0;
    expect((await ws.post(`/v1/webhooks/${hook.id}/test`)).status).toBe(202);
    await drain();
    expect(reached).toEqual([]);
    const log = (await ws.get(`/v1/webhooks/${hook.id}/deliveries`)).body;
    expect(log.items).toMatchObject([{ attempt: 1, ok: false, status: null, error: expect.stringContaining("private"), nextRetryAt: expect.any(String) }]);

    // Pointed back at a public address, the retry goes out.
    hosts["rebind.example.test"] = ["93.184.216.34"];
    t.clock.advance(5_000);
    await drain();
    expect(reached.map((r) => r.url)).toEqual(["https://rebind.example.test/hook"]);
    expect(reached[0]?.headers.get("service-delivery-attempt")).toBe("2");
  });

  it("does not follow a redirect (a 3xx is a failed attempt) and reads at most a kilobyte of any answer", async () => {
    hosts["moved.example.test"] = ["93.184.216.34"];
    const ws = await testWorkspace(t, { mode: "live" });
    const hook = (await ws.post("/v1/webhooks", { url: "https://moved.example.test/hook" })).body;
    reached.length = 0;
    answer = () => new Response("see elsewhere", { status: 302, headers: { location: "https://moved.example.test/elsewhere" } });
    await ws.post(`/v1/webhooks/${hook.id}/test`);
    await drain();
    expect(reached.map((r) => r.url)).toEqual(["https://moved.example.test/hook"]);

    let pulled = 0;
    answer = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled += 64 * 1024;
            controller.enqueue(new Uint8Array(64 * 1024).fill(120));
            if (pulled > 50 * 1024 * 1024) controller.close();
          },
        }),
        { status: 200 },
      );
    t.clock.advance(5_000);
    await drain();
    expect(pulled).toBeLessThan(1024 * 1024);
    const log = (await ws.get(`/v1/webhooks/${hook.id}/deliveries`)).body;
    expect(log.items.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [2, 200, true],
      [1, 302, false],
    ]);
    expect(log.items[0]?.responseExcerpt?.length).toBe(1024);
    answer = () => new Response("ok");
  });
});
