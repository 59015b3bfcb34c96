import { beforeAll, describe, expect, it } from "vitest";
import { isolationCases } from "../isolation/all-cases.js";
import { routeKey } from "../support/isolation.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

const cases = isolationCases;

describe("tenant isolation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });

  it("has a case for every authenticated /v1 route", () => {
    const routes = new Set(t.app.routes.filter((r) => r.path.startsWith("/v1/") && r.method !== "ALL" && !r.path.startsWith("/v1/platforms")).map((r) => routeKey(r.method, r.path)));
    const covered = new Set(cases.map((c) => routeKey(c.method, c.path)));
    expect([...routes].filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(cases.map((c) => [routeKey(c.method, c.path), c] as const))("%s shows workspace B nothing of workspace A", async (_name, c) => {
    const a = await testWorkspace(t);
    const b = await a.otherWorkspace();
    const seeded = await c.seed(t, a);
    await c.probe(t, b, seeded);
  });
});
