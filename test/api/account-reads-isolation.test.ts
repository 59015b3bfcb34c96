import { beforeAll, describe, it } from "vitest";
import { accountReadsCases } from "../isolation/account-reads-cases.js";
import { routeKey } from "../support/isolation.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/** The account-read cases of the newer networks, run the way tenant-isolation.test.ts runs every route's case. */
describe("tenant isolation of the account reads on Pinterest and Facebook", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it.each(accountReadsCases.map((c, i) => [`${routeKey(c.method, c.path)} #${i}`, c] as const))("%s shows workspace B nothing of workspace A", async (_name, c) => {
    const a = await testWorkspace(t);
    const b = await testWorkspace(t);
    await c.probe(t, b, await c.seed(t, a));
  });
});
