import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bulkImportRows, workspaces } from "../../src/db/schema/index.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const NOW = "2027-02-01T08:00:00Z";
const LATER = "2027-03-01T09:00:00+01:00";

async function brand(t: TestApp) {
  t.clock.set(new Date(NOW));
  const ws = await testWorkspace(t, { plan: "subscription" });
  const account = await ws.connect("bluesky");
  return { ws, account };
}

const csv = (ws: WorkspaceFixture, body: string, query = "", headers: Record<string, string> = {}) =>
  ws.post(`/v1/posts/bulk${query}`, undefined, { raw: body, headers: { "content-type": "text/csv", ...headers } });

interface RowError {
  code: string;
  message: string;
  param: string | null;
  fix: string | null;
}
/** The answers of POST /v1/posts/bulk and GET /v1/bulk-imports/{id}, both shapes at once, as the tests read them. */
interface BulkAnswer {
  id: string;
  state: string;
  created: number;
  rows: { row: number; state: string; valid: boolean; postId: string; error: RowError; targets: { errors: RowError[] }[] }[];
}
const bulk = (reply: { body: unknown }) => reply.body as BulkAnswer;
type BulkRow = BulkAnswer["rows"][number];
/** The first `n` rows of an answer, failing the test when there are fewer. */
function rowsOf(reply: { body: unknown }, n: number): BulkRow[] {
  const rows = bulk(reply).rows;
  expect(rows.length).toBeGreaterThanOrEqual(n);
  return rows;
}

const postCount = async (ws: WorkspaceFixture) => (await ws.get("/v1/posts?limit=100")).body.items.length as number;

describe("bulk import", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("answers a dry run with each row's validity through the validate operation and writes nothing", async () => {
    const { ws, account } = await brand(t);
    const answer = await ws.post("/v1/posts/bulk", {
      dryRun: true,
      rows: [
        { text: "fine", accounts: [account.id], scheduledAt: LATER },
        { text: "x".repeat(301), accounts: [account.id] },
        { text: "typo", accounts: [account.id], sheduledAt: LATER },
        { text: "gone", accounts: ["acc_nothing"] },
        { text: "in the past", accounts: [account.id], scheduledAt: "2026-01-01T00:00:00Z" },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: true, valid: false, total: 5, validRows: 1, invalidRows: 4 });
    const [fine, long, typo, gone, past] = rowsOf(answer, 5) as [BulkRow, BulkRow, BulkRow, BulkRow, BulkRow];
    expect(fine).toMatchObject({ row: 0, valid: true, error: null, targets: [{ account: account.id, platform: "bluesky", errors: [] }] });
    expect(long.error).toMatchObject({ code: "text_too_long", param: "text" });
    expect(long.error.fix).toEqual(expect.any(String));
    expect(long.targets[0]?.errors[0]?.code).toBe("text_too_long");
    expect(typo.error).toMatchObject({ code: "field_unknown", param: "sheduledAt" });
    expect(gone.error.code).toBe("account_unknown");
    expect(past.error).toMatchObject({ code: "schedule_in_past", param: "scheduledAt" });
    expect(await postCount(ws)).toBe(0);
    const stored = await t.db.select().from(bulkImportRows).where(eq(bulkImportRows.workspaceId, ws.id));
    expect(stored).toEqual([]);
  });

  it("imports a small CSV in the request: valid rows created once, each row's outcome, a retry creates nothing more", async () => {
    const { ws, account } = await brand(t);
    const body = [
      "text,accounts,scheduledAt,firstComment",
      `"Sale, day 1",${account.id},${LATER},more below`,
      `"He said ""hi""",${account.id},${LATER},`,
      `"${"y".repeat(301)}",${account.id},${LATER},`,
      `bad time,${account.id},not-a-time,`,
    ].join("\r\n");
    const headers = { "idempotency-key": "bulk-small-1" };
    // A dry run under the key writes nothing and keeps nothing under it: the same key then imports.
    const dry = await csv(ws, body, "?dryRun=true", headers);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, validRows: 2, invalidRows: 2 });
    const first = await csv(ws, body, "", headers);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ dryRun: false, state: "done", total: 4, created: 2, failed: 2, pending: 0 });
    const [sale, quoted, long, badTime] = rowsOf(first, 4) as [BulkRow, BulkRow, BulkRow, BulkRow];
    expect(sale).toMatchObject({ row: 0, state: "created", error: null });
    expect(quoted.state).toBe("created");
    expect(long).toMatchObject({ state: "failed", postId: null, error: { code: "text_too_long", param: "text" } });
    expect(badTime).toMatchObject({ state: "failed", error: { code: "timestamp_invalid", param: "scheduledAt" } });
    const post = await ws.get(`/v1/posts/${sale.postId}`);
    expect(post.body).toMatchObject({ text: "Sale, day 1", state: "scheduled", scheduledAt: "2027-03-01T08:00:00.000Z" });
    expect((await ws.get(`/v1/posts/${quoted.postId}`)).body.text).toBe('He said "hi"');
    const again = await csv(ws, body, "", headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(bulk(again).id).toBe(bulk(first).id);
    expect(await postCount(ws)).toBe(2);
    const progress = await ws.get(`/v1/bulk-imports/${bulk(first).id}`);
    expect(progress.body).toMatchObject({ id: bulk(first).id, state: "done", created: 2, failed: 2 });
  });

  it("refuses a body it cannot read with the envelope's code, param and fix, storing nothing", async () => {
    const { ws, account } = await brand(t);
    const open = await csv(ws, `text,accounts\n"never closed,${account.id}\n`);
    expect(open.status).toBe(400);
    expect(open.error).toMatchObject({ code: "csv_invalid" });
    expect(open.error.param).toMatch(/^line:\d+$/);
    expect(open.error.fix).toEqual(expect.any(String));
    const ragged = await csv(ws, `text,accounts\nhello,${account.id},extra\n`);
    expect(ragged.error).toMatchObject({ code: "csv_invalid", param: "line:2" });
    const unknown = await csv(ws, `text,acounts\nhello,${account.id}\n`);
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: "field_unknown", param: "acounts" });
    expect(unknown.error.fix).toContain("accounts");
    const many = await csv(ws, `text,accounts\n${`hi,${account.id}\n`.repeat(1001)}`);
    expect(many.error).toMatchObject({ code: "bulk_too_many_rows", param: "rows" });
    const manyJson = await ws.post("/v1/posts/bulk", { rows: Array.from({ length: 1001 }, () => ({ text: "hi" })) });
    expect(manyJson.error.code).toBe("bulk_too_many_rows");
    const none = await csv(ws, "text,accounts\n");
    expect(none.error.code).toBe("bulk_no_rows");
    const type = await ws.post("/v1/posts/bulk", undefined, { raw: "text\nhello\n", headers: { "content-type": "text/plain" } });
    expect(type.status).toBe(415);
    expect(type.error).toMatchObject({ code: "bulk_content_type_unsupported", param: "Content-Type" });
    const large = await csv(ws, `text,accounts\n"${"z".repeat(5 * 1_048_576)}",${account.id}\n`);
    expect(large.error.code).toBe("body_too_large");
    expect(await postCount(ws)).toBe(0);
  });

  it("runs a large import in the background, with progress readable while it runs", async () => {
    const { ws, account } = await brand(t);
    await t.db.update(workspaces).set({ postsPerMinute: 1000, profilePostsPerMinute: 1000 }).where(eq(workspaces.id, ws.id));
    const rows = Array.from({ length: 40 }, (_, i) => ({ text: `row ${i}`, accounts: [account.id], scheduledAt: LATER }));
    const started = await ws.post("/v1/posts/bulk", { rows }, { headers: { "idempotency-key": "bulk-large-1" } });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ state: "running", total: 40, created: 0, pending: 40 });
    await t.drainJobs();
    const done = await ws.get(`/v1/bulk-imports/${bulk(started).id}`);
    expect(done.body).toMatchObject({ state: "done", created: 40, failed: 0, pending: 0 });
    expect(new Set(bulk(done).rows.map((r) => r.postId)).size).toBe(40);
    expect(await postCount(ws)).toBe(40);
  });

  it("makes a row that meets postsPerMinute wait for the window instead of failing", async () => {
    const { ws, account } = await brand(t);
    await t.db.update(workspaces).set({ postsPerMinute: 30, profilePostsPerMinute: 1000 }).where(eq(workspaces.id, ws.id));
    const rows = Array.from({ length: 35 }, (_, i) => ({ text: `paced ${i}`, accounts: [account.id], scheduledAt: LATER }));
    const started = await ws.post("/v1/posts/bulk", { rows });
    expect(started.status).toBe(202);
    await t.drainJobs();
    const waiting = await ws.get(`/v1/bulk-imports/${bulk(started).id}`);
    expect(waiting.body).toMatchObject({ state: "running", created: 30, failed: 0, pending: 5 });
    // The limiter's window slides: the rest goes out as the window frees room, each turn queued for then.
    let done = waiting;
    for (let minute = 0; minute < 4 && bulk(done).state !== "done"; minute++) {
      t.clock.advance(60_000);
      await t.drainJobs();
      done = await ws.get(`/v1/bulk-imports/${bulk(started).id}`);
    }
    expect(done.body).toMatchObject({ state: "done", created: 35, failed: 0 });
  });

  it("exports posts as CSV with the list's filters, formula cells written as text", async () => {
    const { ws, account } = await brand(t);
    await ws.publish({ text: '=HYPERLINK("http://evil.test","click")', accounts: [account.id], scheduledAt: LATER });
    await ws.publish({ text: "plain, with a comma", accounts: [account.id], draft: true });
    const all = await ws.request("/v1/posts/export?format=csv");
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await all.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,state,text,profile,accounts,platforms,media,scheduledAt,timezone,createdAt,publishedAt,targetStates,urls,errors,platformOptions");
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => line.includes(',draft,"plain, with a comma",'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(`,scheduled,"'=HYPERLINK(""http://evil.test"",""click"")",`))).toHaveLength(1);
    const drafts = await (await ws.request("/v1/posts/export?format=csv&state=draft")).text();
    expect(drafts.trim().split("\r\n")).toHaveLength(2);
    const bad = await ws.get("/v1/posts/export?format=xlsx");
    expect(bad.error).toMatchObject({ code: "field_invalid", param: "format" });
  });
});
