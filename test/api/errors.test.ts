import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCatalogue, errorCodes } from "../../src/infra/error-catalogue.js";
import { memoryLogger } from "../../src/infra/logger.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

const ENVELOPE_FIELDS = ["type", "message", "code", "param", "fix", "docs", "platform", "retryable"];

/** Codes named in the spec's error tables: the first cell of each row, in backticks. */
function specCodes(): string[] {
  const spec = readFileSync(new URL("../fixtures/specs/unified-social-api.md", import.meta.url), "utf8");
  const errors = spec.slice(spec.indexOf("\n## Errors"), spec.indexOf("\n## Limits"));
  const codes = new Set<string>();
  for (const line of errors.split("\n")) {
    const cell = /^\| ([a-z_]+) \|/.exec(line);
    if (cell?.[1] && !["type", "message", "code", "param", "fix", "docs", "platform", "retryable", "invalid_request", "unauthorized", "entitlement_exceeded"].includes(cell[1])) {
      codes.add(cell[1]);
    }
  }
  return [...codes];
}

describe("error envelope and catalogue", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("has every code of the spec's tables in one closed catalogue with type, status, fix, retryable", () => {
    const fromSpec = specCodes();
    expect(fromSpec.length).toBeGreaterThan(60);
    for (const code of fromSpec) expect(errorCodes, `missing ${code}`).toContain(code);
    for (const code of ["unauthorized", "entitlement_exceeded", "rate_limited"]) expect(errorCodes).toContain(code);
    for (const code of errorCodes) {
      const entry = errorCatalogue[code];
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(typeof entry.retryable).toBe("boolean");
      if (code !== "platform_rejected") expect(entry.fix, code).toBeTruthy();
    }
    expect(errorCatalogue.unauthorized).toMatchObject({ type: "unauthorized", status: 401, retryable: false });
    expect(errorCatalogue.entitlement_exceeded).toMatchObject({ type: "entitlement_exceeded", status: 402 });
    expect(errorCatalogue.rate_limited).toMatchObject({ type: "rate_limited", status: 429, retryable: true });
  });

  it("answers an unknown route with the full envelope and a docs link to the code's anchor", async () => {
    const ws = await testWorkspace(t);
    const response = await ws.get("/v1/nothing-here");
    expect(response.status).toBe(404);
    const error = response.error;
    for (const field of ENVELOPE_FIELDS) expect(error).toHaveProperty(field);
    expect(error).toMatchObject({ type: "not_found", code: "route_not_found", platform: null, retryable: false });
    expect(error.docs).toBe("http://chorus.test/docs/errors#error-route_not_found");
    expect(error.requestId).toMatch(/^req_/);
    expect(response.headers.get("x-request-id")).toBe(error.requestId);
  });

  it("answers a wrong method on a known path with 405 and Allow", async () => {
    const ws = await testWorkspace(t);
    const response = await ws.delete("/v1/me");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(response.error.code).toBe("method_not_allowed");
  });

  it("turns an unexpected exception into a 500 that leaks nothing but a request id", async () => {
    const logger = memoryLogger();
    const logged = logger.lines;
    const failing = await createTestApp({ deps: { logger } });
    const ws = await testWorkspace(failing);
    // A database that breaks after authentication: the route's own query throws.
    const broken = await createTestApp({
      deps: {
        logger,
        database: {
          open: () => {
            const { db } = failing.deps.database.open();
            let calls = 0;
            const proxy = new Proxy(db, {
              get(target, prop, receiver) {
                if (prop === "select" && ++calls > 1) throw new Error("secret internal detail: connection to 10.0.0.5 lost");
                return Reflect.get(target, prop, receiver) as unknown;
              },
            });
            return { db: proxy, close: async () => {} };
          },
        },
      },
    });
    const response = await reply(await broken.app.request("http://chorus.test/v1/me/limits", { headers: { authorization: `Bearer ${ws.key}` } }));
    expect(response.status).toBe(500);
    const text = response.text;
    expect(text).not.toContain("secret");
    expect(text).not.toContain("10.0.0.5");
    const error = response.error;
    // A bug is not worth retrying: only passing failures say retryable.
    expect(error).toMatchObject({ code: "internal_error", type: "api_error", retryable: false });
    expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    expect(logged.some((f) => f.level === "error" && f.requestId === error.requestId && String(f.error).includes("secret internal detail"))).toBe(true);
  });

  it.each([
    ["a lost database connection (SQLSTATE 08006, wrapped as the query error's cause)", Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("terminated"), { code: "08006" }) })],
    ["a refused socket", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a statement timeout", Object.assign(new Error("canceling statement"), { code: "57014" })],
    ["a timeout signal", new DOMException("The operation timed out.", "TimeoutError")],
  ])("answers %s with 503 service_unavailable, retryable", async (_, failure) => {
    const base = await createTestApp();
    const ws = await testWorkspace(base);
    const broken = await createTestApp({
      deps: {
        database: {
          open: () => {
            const { db } = base.deps.database.open();
            let calls = 0;
            const proxy = new Proxy(db, {
              get(target, prop, receiver) {
                if (prop === "select" && ++calls > 1) throw failure;
                return Reflect.get(target, prop, receiver) as unknown;
              },
            });
            return { db: proxy, close: async () => {} };
          },
        },
      },
    });
    const response = await broken.app.request("http://chorus.test/v1/me/limits", { headers: { authorization: `Bearer ${ws.key}` } });
    expect(response.status).toBe(503);
    expect((await reply(response)).error).toMatchObject({ code: "service_unavailable", type: "service_unavailable", retryable: true });
  });

  it("refuses a body that is not JSON, or over 1 MB, with a clear 400", async () => {
    const ws = await testWorkspace(t);
    const notJson = await ws.post("/v1/profiles", undefined, { raw: "{username:", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(notJson.error.code).toBe("body_not_json");
    const wrongType = await ws.post("/v1/profiles", undefined, { raw: "username=a", headers: { "content-type": "text/plain" } });
    expect(wrongType.error.code).toBe("body_not_json");
    const huge = await ws.post("/v1/profiles", { username: "x".repeat(1_100_000) });
    expect(huge.status).toBe(400);
    expect(huge.error.code).toBe("body_too_large");
  });

  it("names the unknown or mistyped field in `param`", async () => {
    const ws = await testWorkspace(t);
    const unknown = await ws.post("/v1/profiles", { username: "ok", colour: "red" });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ type: "invalid_input", code: "field_unknown", param: "colour" });
    const wrong = await ws.post("/v1/profiles", { username: 12 });
    expect(wrong.error).toMatchObject({ type: "invalid_input", code: "field_wrong_type", param: "username" });
    const nested = await ws.patch("/v1/email-preferences", { weeklyDigest: "yes" });
    expect(nested.error).toMatchObject({ code: "field_wrong_type", param: "weeklyDigest" });
    const missing = await ws.post("/v1/profiles", {});
    expect(missing.error).toMatchObject({ code: "field_required", param: "username" });
    // A string one of a list of strings is the right type with a value not offered: field_invalid.
    const notOffered = await ws.post("/v1/social-accounts/connect", { platform: "myspace", handle: "a" });
    const notOfferedError = notOffered.error;
    expect(notOfferedError).toMatchObject({ type: "invalid_input", code: "field_invalid", param: "platform" });
    expect(notOfferedError.message).toContain('"bluesky"');
    const notAString = await ws.post("/v1/social-accounts/connect", { platform: 7, handle: "a" });
    expect(notAString.error).toMatchObject({ code: "field_wrong_type", param: "platform" });
    const query = await ws.get("/v1/profiles?limit=500");
    expect(query.error).toMatchObject({ code: "field_invalid", param: "limit" });
    const unknownQuery = await ws.get("/v1/profiles?page=2");
    expect(unknownQuery.error).toMatchObject({ code: "field_unknown", param: "page" });
    const list = await ws.read("/v1/profiles");
    expect(list.items).toHaveLength(0);
  });

  it("answers every kind of not found with 404 type not_found, as the catalogue says", async () => {
    const ws = await testWorkspace(t);
    const answers = [
      await ws.get("/v1/social-accounts/acc_missing"),
      await ws.post("/v1/posts", { text: "hi", profile: "nobody" }),
      await ws.post("/v1/posts", { text: "hi", accounts: ["acc_missing"] }),
      await ws.get("/v1/posts/post_missing"),
      await ws.get("/v1/media/med_missing"),
    ];
    const seen = answers.map((r) => ({ status: r.status, ...r.error }));
    expect(seen.map(({ status, type, code }) => ({ status, type, code }))).toEqual([
      { status: 404, type: "not_found", code: "account_unknown" },
      { status: 404, type: "not_found", code: "profile_unknown" },
      { status: 404, type: "not_found", code: "account_unknown" },
      { status: 404, type: "not_found", code: "resource_not_found" },
      { status: 404, type: "not_found", code: "media_unknown" },
    ]);
  });
});
