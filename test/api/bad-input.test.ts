import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function bluesky(ws: WorkspaceFixture): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle: `bad${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** A JSON body sent as text, so values JSON.stringify cannot build (50,000 levels) can be sent. */
const raw = (ws: WorkspaceFixture, path: string, body: string, method = "POST") => ws.request(path, { method, body, headers: { "content-type": "application/json" } });

const postCount = async (ws: WorkspaceFixture) => (await ws.get("/v1/posts")).body.items.length;

describe("NUL characters and unpaired surrogates", () => {
  it.each([
    ["a NUL in the text", { text: "a\u0000b" }, "text"],
    ["an unpaired high surrogate in the text", { text: "a\ud800b" }, "text"],
    ["an unpaired low surrogate in an override", { text: "ok", textOverrides: { bluesky: "x\udc00" } }, "textOverrides.bluesky"],
    ["a NUL deep in platformOptions", { text: "ok", platformOptions: { bluesky: { langs: ["en", "d\u0000e"] } } }, "platformOptions.bluesky.langs[1]"],
    ["a NUL in an object key", { text: "ok", platformOptions: { bluesky: { "la\u0000ngs": ["en"] } } }, "platformOptions.bluesky"],
  ])("refuses %s with text_invalid_characters naming the field, storing nothing", async (_, body, param) => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws);
    const response = await ws.post("/v1/posts", { ...body, accounts: [account] });
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ type: "invalid_input", code: "text_invalid_characters", param, retryable: false });
    expect(error.fix).toContain("param");
    expect(await postCount(ws)).toBe(0);
  });

  it("refuses them on every other route that stores text: profiles, credentials, nickname, connect handle", async () => {
    const ws = await testWorkspace(t);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/v1/profiles", { username: "ok\u0000" }, "username"],
      ["POST", "/v1/credentials", { platform: "twitter", clientId: "id\ud800", clientSecret: "s" }, "clientId"],
      ["PATCH", "/v1/me/agent", { nickname: "bot\u0000" }, "nickname"],
      ["POST", "/v1/social-accounts/connect", { platform: "bluesky", handle: "h\u0000.test", appPassword: "abcd-efgh-ijkl-mnop" }, "handle"],
    ];
    for (const [method, path, json, param] of cases) {
      const error = await errorOf(await ws.request(path, { method, json }));
      expect(error, path).toMatchObject({ code: "text_invalid_characters", param });
    }
    expect((await ws.get("/v1/profiles")).body.items).toEqual([]);
  });

  it("refuses a NUL in a path parameter or a query value, naming it", async () => {
    const ws = await testWorkspace(t);
    expect((await ws.get("/v1/posts/post_%00x")).error).toMatchObject({ code: "text_invalid_characters", param: "id" });
    expect((await ws.delete("/v1/media/med_%00")).error).toMatchObject({ code: "text_invalid_characters", param: "id" });
    expect((await ws.get("/v1/posts?cursor=%00")).error).toMatchObject({ code: "text_invalid_characters", param: "cursor" });
    expect((await ws.get("/v1/social-accounts?profile=a%00b")).error).toMatchObject({ code: "text_invalid_characters", param: "profile" });
    // Pages and public routes too: the guard sits in front of every route.
    expect((await t.app.request("http://chorus.test/connect/callback/twitter?state=%00&code=x")).status).toBe(400);
    expect(await errorOf(await t.app.request("http://chorus.test/v1/platforms/%00"))).toMatchObject({ code: "text_invalid_characters", param: "platform" });
  });
});

describe("nesting and size of free-form objects", () => {
  it("refuses platformOptions nested 50,000 deep with a 400 naming where, not a 500", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws);
    const deep = `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`;
    const response = await raw(ws, "/v1/posts", `{"text":"ok","accounts":["${account}"],"platformOptions":{"bluesky":{"x":${deep}}}}`);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("field_invalid");
    expect(error.param).toMatch(/^platformOptions\.bluesky\.x(\.a)+$/);
    expect(error.fix).toContain("32");
    expect(await postCount(ws)).toBe(0);
  });

  it("accepts 32 levels and refuses 33 in any body", async () => {
    const ws = await testWorkspace(t);
    const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    // `username` must be a string, so 32 levels get past the depth limit to the schema's answer.
    expect((await errorOf(await raw(ws, "/v1/profiles", `{"username":${nested(31)}}`))).code).toBe("field_wrong_type");
    expect(await errorOf(await raw(ws, "/v1/profiles", `{"username":${nested(32)}}`))).toMatchObject({ code: "field_invalid", param: `username${"[0]".repeat(31)}` });
  });

  it("bounds one network's options in fields and bytes", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws);
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`f${i}`, i]));
    const big = { note: "x".repeat(17_000) };
    for (const options of [many, big]) {
      const error = (await ws.post("/v1/posts", { text: "ok", accounts: [account], platformOptions: { bluesky: options } })).error;
      expect(error).toMatchObject({ code: "field_invalid", param: "platformOptions.bluesky" });
    }
    expect(await postCount(ws)).toBe(0);
  });
});

describe("strict scheduledAt", () => {
  const create = async (ws: WorkspaceFixture, account: string, extra: Record<string, unknown>) => ws.post("/v1/posts", { text: "scheduled", accounts: [account], ...extra });

  it.each([
    ["+275760-09-13T00:00:00Z", "ISO 8601"],
    ["2030-02-30T10:00:00Z", "day 30"],
    ["2031-02-29T10:00:00Z", "day 29"],
    ["2030-04-31T10:00:00+02:00", "day 31"],
    ["2030-13-01T10:00:00Z", "month 13"],
    ["2030-01-01T24:00:00Z", "time of day"],
    ["2030-01-01T10:00:60Z", "time of day"],
    ["2030-01-01T10:00:00+24:00", "offset"],
    ["2030-01-01", "ISO 8601"],
    ["9999-12-31T23:00:00-14:00", "9999-12-31"],
  ])("refuses %s with timestamp_invalid naming scheduledAt, storing nothing", async (scheduledAt, says) => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws);
    const response = await create(ws, account, { scheduledAt });
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ type: "invalid_input", code: "timestamp_invalid", param: "scheduledAt", retryable: false });
    expect(error.message).toContain(says);
    expect(error.fix).toContain("2030-01-31T09:30:00Z");
    expect(await postCount(ws)).toBe(0);
    // The dry run applies the same parse.
    expect((await ws.post("/v1/posts/validate", { text: "x", accounts: [account], scheduledAt })).error).toMatchObject({ code: "timestamp_invalid" });
  });

  it("accepts a leap day, fractions and offsets as the instants they name", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws);
    for (const [sent, stored] of [
      ["2028-02-29T10:00:00Z", "2028-02-29T10:00:00.000Z"],
      ["2030-01-01T10:00:00.123456+02:00", "2030-01-01T08:00:00.123Z"],
      ["2030-01-01T10:00-0530", "2030-01-01T15:30:00.000Z"],
    ]) {
      const response = await create(ws, account, { scheduledAt: sent });
      expect(response.status, response.text).toBe(201);
      expect(response.body).toMatchObject({ state: "scheduled", scheduledAt: stored });
    }
  });

  it("takes a time without offset only with a timezone, as wall-clock time there", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await bluesky(ws);
    const bare = await create(ws, account, { scheduledAt: "2030-07-01T10:00:00" });
    expect(bare.status).toBe(400);
    const error = bare.error;
    expect(error).toMatchObject({ code: "timestamp_invalid", param: "scheduledAt" });
    expect(error.fix).toContain("timezone");
    expect(await postCount(ws)).toBe(0);

    const zoned = await create(ws, account, { scheduledAt: "2030-07-01T10:00:00", timezone: "Europe/Berlin" });
    expect(zoned.status, zoned.text).toBe(201);
    const post = zoned.body;
    expect(post.scheduledAt).toBe("2030-07-01T08:00:00.000Z");

    // PATCH: a bare time is read in the zone the post already has, or the one sent with it.
    const moved = await ws.patch(`/v1/posts/${post.id}`, { scheduledAt: "2030-12-01T10:00:00" });
    expect(moved.body).toMatchObject({ scheduledAt: "2030-12-01T09:00:00.000Z" });
    const utcPost = (await create(ws, account, { scheduledAt: "2030-07-01T10:00:00Z" })).body;
    const refused = await ws.patch(`/v1/posts/${utcPost.id}`, { scheduledAt: "2030-12-01T10:00:00" });
    expect(refused.error).toMatchObject({ code: "timestamp_invalid", param: "scheduledAt" });
    const bad = await ws.patch(`/v1/posts/${utcPost.id}`, { scheduledAt: "2030-02-30T10:00:00Z" });
    expect(bad.error).toMatchObject({ code: "timestamp_invalid", param: "scheduledAt" });
    expect((await ws.get(`/v1/posts/${utcPost.id}`)).body).toMatchObject({ scheduledAt: "2030-07-01T10:00:00.000Z" });
  });
});

describe("bodies that are not JSON objects", () => {
  it("refuses an array where every field is optional, instead of reading it as an empty body, and writes nothing", async () => {
    const ws = await testWorkspace(t);
    for (const path of ["/v1/connect-link", "/v1/webhooks"]) {
      const response = await ws.post(path, undefined, { raw: "[]", headers: { "content-type": "application/json" } });
      expect(response.status, path).toBe(400);
      expect(response.error).toMatchObject({ code: "field_wrong_type" });
    }
  });
});

describe("a body sent to an operation that takes none", () => {
  it("is refused with field_unknown also when an Idempotency-Key made the server read it first", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const connected = await ws.post("/v1/social-accounts/connect", { platform: "twitter", handle: "nobody-body" });
    const account = connected.body.id;
    const post = (await ws.post("/v1/posts", { text: "x", accounts: [account] })).body.id;
    const response = await ws.post(`/v1/posts/${post}/retract`, undefined, { raw: "{}", headers: { "content-type": "application/json", "idempotency-key": "body-read-twice" } });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: "field_unknown", param: "body" });
  });
});
