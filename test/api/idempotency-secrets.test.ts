import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyRecords } from "../../src/db/schema/index.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("stored idempotent answers", () => {
  it("keep a connect link's bearer URL encrypted, and a replay still gives it back", async () => {
    const ws = await testWorkspace(t);
    const send = () => ws.post("/v1/connect-link", { returnUrl: "https://app.example/done" }, { headers: { "Idempotency-Key": "link-1" } });
    const first = await send();
    expect(first.status).toBe(201);
    const { url } = first.body;
    const token = new URL(url).pathname.split("/")[2] ?? "";
    expect(token.length).toBeGreaterThan(20);

    const [row] = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.workspaceId, ws.id));
    expect(row?.state).toBe("done");
    expect(row?.responseBody).toMatch(/^v1\./);
    expect(row?.responseBody).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.url).toBe(url);
  });

  it("fails closed when an answer is copied under another key: it does not decrypt there", async () => {
    const ws = await testWorkspace(t);
    const send = (key: string) => ws.post("/v1/connect-link", {}, { headers: { "Idempotency-Key": key } });
    expect((await send("a")).status).toBe(201);
    expect((await send("b")).status).toBe(201);
    const rows = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.workspaceId, ws.id));
    const a = rows.find((r) => r.key.endsWith(":a"));
    const b = rows.find((r) => r.key.endsWith(":b"));
    await t.db
      .update(idempotencyRecords)
      .set({ responseBody: a?.responseBody ?? null })
      .where(eq(idempotencyRecords.key, b?.key ?? ""));
    expect((await send("b")).status).toBe(500);
  });
});
