import { describe, expect, it } from "vitest";
import { blueskyErrorTable } from "../../src/networks/bluesky/errors.js";
import { classifyFailure, type NetworkFailure } from "../../src/networks/http.js";
import { expectRowSample } from "./harness.js";

const now = new Date("2026-09-01T10:00:00.000Z");
const epoch = Math.floor(now.getTime() / 1000);

function failure(status: number, body: unknown, headers: Record<string, string> = {}): NetworkFailure {
  return { status, headers: new Headers(headers), body };
}
const xrpc = (status: number, error: string, message: string, headers?: Record<string, string>) => failure(status, { error, message }, headers);

/**
 * One realistic failure per row, in table order, as the reference PDS (0.4.217) or a proxy in
 * front of it sends them. Messages are the PDS's own where its source has one.
 */
const samples: { failure: NetworkFailure; code: string }[] = [
  { failure: xrpc(400, "ExpiredToken", "Token has expired"), code: "needs_reauth" },
  { failure: xrpc(400, "InvalidToken", "Bad token scope"), code: "missing_scope" },
  { failure: xrpc(400, "InvalidToken", "Token could not be verified"), code: "needs_reauth" },
  { failure: xrpc(401, "AuthMissing", "Authentication Required"), code: "needs_reauth" },
  { failure: xrpc(401, "AuthenticationRequired", "Invalid identifier or password"), code: "needs_reauth" },
  { failure: xrpc(401, "AuthFactorTokenRequired", "A sign in code has been sent to your email address"), code: "needs_reauth" },
  { failure: xrpc(401, "AccountTakedown", "Account has been taken down"), code: "needs_reauth" },
  { failure: xrpc(401, "AccountDeactivated", "Account is deactivated"), code: "needs_reauth" },
  { failure: xrpc(403, "AccountNotFound", "Account not found"), code: "needs_reauth" },
  {
    failure: xrpc(429, "RateLimitExceeded", "Rate Limit Exceeded", { "RateLimit-Limit": "30", "RateLimit-Remaining": "0", "RateLimit-Reset": String(epoch + 120), "RateLimit-Policy": "30;w=300" }),
    code: "rate_limited",
  },
  { failure: failure(429, "<html><body>Too Many Requests</body></html>"), code: "rate_limited" },
  { failure: xrpc(413, "PayloadTooLarge", "request entity too large"), code: "media_too_large" },
  { failure: failure(413, "<html>413 Request Entity Too Large</html>"), code: "media_too_large" },
  { failure: xrpc(400, "BlobTooLarge", "This file is too large"), code: "media_too_large" },
  { failure: xrpc(400, "InvalidRequest", "blob too big (maximum 1000000, got 1400993) at $.record.embed.images[0].image"), code: "media_too_large" },
  { failure: xrpc(400, "InvalidMimeType", "Referenced Mimetype does not match stored blob. Expected: image/png, Got: image/jpeg"), code: "media_unreadable" },
  { failure: xrpc(400, "InvalidSize", "Referenced Size does not match stored blob. Expected: 12, Got: 13"), code: "media_unreadable" },
  { failure: xrpc(400, "InvalidConvo", "Convo not found"), code: "resource_not_found" },
  { failure: xrpc(400, "ConvoLocked", "Convo is locked"), code: "platform_rejected" },
  { failure: xrpc(400, "InvalidSwap", "Record was at bafyreigbtj4x7ip5legnfznufuopl4sg4knzc2cof6duas4b3q2fy6swua"), code: "platform_rejected" },
  { failure: xrpc(502, "UpstreamFailure", "Upstream Failure"), code: "platform_unavailable" },
  { failure: xrpc(504, "UpstreamTimeout", "Upstream Timeout"), code: "platform_unavailable" },
  { failure: xrpc(503, "NotEnoughResources", "Not Enough Resources"), code: "platform_unavailable" },
  { failure: xrpc(500, "InternalServerError", "Internal Server Error"), code: "platform_unavailable" },
];

describe("bluesky error table", () => {
  it("has one sample per row", () => {
    expect(samples).toHaveLength(blueskyErrorTable.rows.length);
  });

  blueskyErrorTable.rows.forEach((row, index) => {
    it(`row ${index}: ${row.networkCode ?? `HTTP ${row.status}`}${row.subcode ? ` (${row.subcode})` : ""} -> ${row.code}`, () => {
      const sample = samples[index];
      if (!sample) throw new Error(`no sample for row ${index}`);
      expectRowSample(blueskyErrorTable, row, sample.failure, sample.code, { now, resetHeader: "ratelimit-reset" });
    });
  });

  it("takes Retry-After from RateLimit-Reset (epoch seconds)", () => {
    const error = classifyFailure(blueskyErrorTable, samples[9]?.failure ?? failure(0, null), now, "ratelimit-reset");
    expect(error.headers).toEqual({ "Retry-After": "120" });
    expect(error.retryable).toBe(true);
  });

  it("passes an unrecognised refusal through with the network's message and no fix", () => {
    const error = classifyFailure(blueskyErrorTable, xrpc(400, "InvalidRequest", "grapheme too big (maximum 300, got 301)"), now);
    expect(error).toMatchObject({ code: "platform_rejected", message: "grapheme too big (maximum 300, got 301)", fix: null });
  });

  it("treats an unknown 5xx without an XRPC body as platform_unavailable", () => {
    const error = classifyFailure(blueskyErrorTable, failure(503, "<html>Service Unavailable</html>"), now);
    expect(error).toMatchObject({ code: "platform_unavailable", retryable: true });
    expect(error.message).toContain("Service Unavailable");
  });
});
