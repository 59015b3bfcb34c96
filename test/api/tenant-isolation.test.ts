import { mcpCases } from "../isolation/mcp-cases.js";
import { beforeAll, describe, expect, it } from "vitest";
import { accountResourceCases } from "../isolation/account-resource-cases.js";
import { connectCases } from "../isolation/connect-cases.js";
import { dashboardCases } from "../isolation/dashboard-cases.js";
import { coreCases } from "../isolation/core-cases.js";
import { postCases } from "../isolation/post-cases.js";
import { mediaCases } from "../isolation/media-cases.js";
import { inboxCases } from "../isolation/inbox-cases.js";
import { analyticsCases } from "../isolation/analytics-cases.js";
import { conversationCases } from "../isolation/conversation-cases.js";
import { engageCases } from "../isolation/engage-cases.js";
import { commentCases } from "../isolation/comment-cases.js";
import { reviewCases } from "../isolation/review-cases.js";
import { liveCases } from "../isolation/live-cases.js";
import { discoverCases } from "../isolation/discover-cases.js";
import { agentCases } from "../isolation/agent-cases.js";
import { socialAccountCases } from "../isolation/social-account-cases.js";
import { webhookCases } from "../isolation/webhook-cases.js";
import { routeKey } from "../support/isolation.js";
import { type TestApp, createTestApp } from "../support/test-app.js";

/** One case per route, kept beside the routes' other tests in test/isolation/. */
const cases = [...coreCases, ...postCases, ...socialAccountCases, ...accountResourceCases, ...connectCases, ...mediaCases, ...webhookCases, ...dashboardCases, ...mcpCases, ...inboxCases, ...analyticsCases, ...conversationCases, ...engageCases, ...commentCases, ...reviewCases, ...liveCases, ...discoverCases, ...agentCases];

describe("tenant isolation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });

  it("has a case for every authenticated /v1 route", () => {
    const routes = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith("/v1/") && r.method !== "ALL" && !r.path.startsWith("/v1/platforms"))
        .map((r) => routeKey(r.method, r.path)),
    );
    const covered = new Set(cases.map((c) => routeKey(c.method, c.path)));
    expect([...routes].filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(cases.map((c) => [routeKey(c.method, c.path), c] as const))("%s shows workspace B nothing of workspace A", async (_name, c) => {
    const a = await t.workspace();
    const b = await t.workspace();
    const seeded = await c.seed(t, a);
    await c.probe(t, b, seeded);
  });
});
