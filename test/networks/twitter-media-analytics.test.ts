import { describe, expect, it } from "vitest";
import { mediaWatchTimes } from "../../src/networks/twitter/media-analytics.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";

/**
 * The watch time read from answers X's OpenAPI allows but the simulator does not send: no
 * top-level `watch_time_ms`, bucket counters as strings (MediaAnalyticsTimestampedMetrics says a
 * counter is "an integer when the backend value parses as a number, otherwise the original string").
 */

const tokens: TokenSet = { accessToken: "t", refreshToken: null, expiresAt: null, refreshExpiresAt: null, scopes: ["tweet.read"], extra: {} };
const now = new Date("2026-11-21T12:00:00Z");

function answering(status: number, body: unknown): { net: NetworkContext; urls: URL[] } {
  const urls: URL[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    urls.push(new URL(input instanceof Request ? input.url : String(input)));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { net: { fetch: fetch as typeof globalThis.fetch, now: () => now, config: { clientId: "c", clientSecret: "s", redirectUri: "https://chorus.test/cb" } }, urls };
}

describe("X media analytics watch time", () => {
  it("prefers the top-level total, else sums the buckets, parsing string counters and skipping unreadable ones", async () => {
    const { net, urls } = answering(200, {
      data: [
        { media_key: "7_1", watch_time_ms: 4000, timestamped_metrics: [{ timestamp: "2026-11-21T00:00:00Z", metrics: { watch_time_ms: 1 } }] },
        { media_key: "7_2", timestamped_metrics: [{ metrics: { watch_time_ms: "1500" } }, { metrics: { watch_time_ms: 2500 } }, { metrics: { watch_time_ms: "n/a" } }, { metrics: null }] },
        { media_key: "7_3", timestamped_metrics: [{ metrics: { watch_time_ms: null } }] },
      ],
    });
    const times = await mediaWatchTimes(tokens, ["7_1", "7_2", "7_3"], new Date("2026-11-20T08:30:00.250Z"), net);
    expect(Object.fromEntries(times)).toEqual({ "7_1": 4000, "7_2": 4000 });
    expect(urls).toHaveLength(1);
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toMatchObject({ start_time: "2026-11-20T08:30:00Z", end_time: "2026-11-21T12:00:00Z", granularity: "total" });
  });

  it("asks 100 media keys a call", async () => {
    const { net, urls } = answering(200, { data: [] });
    await mediaWatchTimes(
      tokens,
      Array.from({ length: 250 }, (_, i) => `7_${i + 1}`),
      new Date("2026-11-20T00:00:00Z"),
      net,
    );
    expect(urls.map((u) => u.searchParams.get("media_keys")?.split(",").length)).toEqual([100, 100, 50]);
  });

  it("is empty when X refuses the report, and fails on anything else", async () => {
    const refused = answering(403, { title: "Client Forbidden", reason: "client-not-enrolled", type: "https://api.x.com/2/problems/client-forbidden" });
    expect((await mediaWatchTimes(tokens, ["7_1"], now, refused.net)).size).toBe(0);
    const limited = answering(429, { title: "Too Many Requests", type: "about:blank", status: 429 });
    await expect(mediaWatchTimes(tokens, ["7_1"], now, limited.net)).rejects.toMatchObject({ code: "rate_limited" });
  });
});
