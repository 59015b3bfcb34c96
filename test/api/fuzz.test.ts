import { describe, expect, it } from "vitest";
import { runFuzz } from "../../bench/fuzz/run-fuzz.js";
import { liftWorkspaceLimits } from "../../bench/fuzz/unlimited-workspace.js";
import { createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/*
 * The fuzzer of `npm run fuzz` (bench/fuzz.ts), smaller: malformed requests from a fixed seed
 * over every write route the OpenAPI document lists. No bad request may be answered with a 5xx.
 */
describe("fuzzing every write route", () => {
  it("answers 600 malformed requests without a single 5xx", { timeout: 240_000 }, async () => {
    const t = await createTestApp();
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 1_000_000 });
    await liftWorkspaceLimits(t.db, ws.id);
    const summary = await runFuzz((method, path, init) => ws.request(path, { method, ...init }), { count: 600, seed: 20261124 });
    expect(summary.routes).toBeGreaterThanOrEqual(18);
    expect(summary.requests).toBe(600);
    expect(summary.offenders, JSON.stringify(summary.offenders, null, 2)).toEqual([]);
    expect(summary.serverErrors).toBe(0);
  });
});
