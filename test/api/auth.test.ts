import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../src/db/schema/index.js";
import { revokeApiKey } from "../../src/domain/keys/revoke-api-key.js";
import { type TestApp, anonymous, createTestApp, errorOf } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describe("authentication", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it.each([
    ["no header", undefined],
    ["not bearer", "Basic abc"],
    ["malformed key", "Bearer sk_test_short"],
    ["unknown key", `Bearer sk_test_${"a".repeat(40)}`],
  ])("refuses %s with 401 unauthorized, not retryable", async (_name, header) => {
    const response = await anonymous(t.app)("/v1/me", header ? { headers: { authorization: header } } : {});
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ type: "unauthorized", code: "unauthorized", retryable: false, param: null });
    expect(response.headers.get("x-ratelimit-remaining")).not.toBeNull();
  });

  it("refuses a revoked key", async () => {
    const ws = await testWorkspace(t);
    expect((await ws.get("/v1/me")).status).toBe(200);
    await revokeApiKey(t.db, { keyId: ws.keyId, actor: "operator", at: t.clock.now() }, t.deps.verifiedKeys);
    expect((await ws.get("/v1/me")).status).toBe(401);
  });

  it("accepts a valid key and echoes its workspace", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const response = await ws.get("/v1/me");
    expect(response.status).toBe(200);
    const me = response.body;
    expect(me).toMatchObject({ account: ws.id, mode: "live", key: { id: ws.keyId } });
    expect(ws.key.startsWith(me.key.prefix)).toBe(true);
    expect(JSON.stringify(me)).not.toContain(ws.key);
  });

  it("serves the public routes without a key", async () => {
    const call = anonymous(t.app);
    expect((await call("/openapi.json")).status).toBe(200);
    expect((await call("/docs")).status).toBe(200);
  });

  it("stores keys only as hashes", async () => {
    const ws = await testWorkspace(t);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, ws.keyId));
    expect(row?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ws.key);
  });
});
