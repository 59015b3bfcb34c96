import { beforeAll, describe, expect, it } from "vitest";
import { realSleep } from "../../src/domain/core/network-deps.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * A `slow` sandbox network on the account reads of the networks that gained them with issue 9:
 * past the read timeout the page answers with a retryable `platform_unavailable` problem instead
 * of waiting for the network.
 */
let t: TestApp;
// Long enough for a healthy sandbox read on a loaded CI machine, well short of the fault's delay.
const TIMEOUT_MS = 1500;
const DELAY_MS = 8000;

beforeAll(async () => {
  // Real sleeps, so a `slow` network really is slower than the read timeout.
  t = await createTestApp({ deps: { networks: testNetworkDeps({ sleep: realSleep, readTimeoutMs: TIMEOUT_MS }) } });
});

describe("a slow network on GET /v1/social-accounts/{id}/posts", () => {
  it.each(["facebook", "instagram", "threads", "tiktok", "pinterest", "linkedin", "googlebusiness"])(
    "%s: past the read timeout it is a retryable platform_unavailable problem, and the page does not wait for it",
    async (platform) => {
      const ws = await testWorkspace(t);
      const connected = await ws.post("/v1/social-accounts/connect", { platform, handle: `slow-${platform}` });
      expect(connected.status, connected.text).toBe(201);
      const { id } = connected.body;
      const set = await ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: "slow", delayMs: DELAY_MS });
      expect(set.status, set.text).toBe(200);
      const started = performance.now();
      const response = await ws.get(`/v1/social-accounts/${id}/posts`);
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      const page = response.body;
      expect(page.items).toEqual([]);
      expect(page.problems).toEqual([{ account: id, platform, code: "platform_unavailable", message: `${platform} did not answer within ${TIMEOUT_MS} ms.`, retryable: true }]);
      // A retryable failure keeps the account's place: the cursor asks it again.
      expect(page.cursor).toEqual(expect.any(String));
      expect(elapsed).toBeLessThan(DELAY_MS - 2000);
    },
    30_000,
  );
});
