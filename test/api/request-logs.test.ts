import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { sweepSchedules } from "../../src/domain/publishing/posts/sweep-schedules.js";
import { createJsonLogger, memoryLogger } from "../../src/infra/logger.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, reply, testWorkspace } from "../support/workspace-fixture.js";

type Line = Record<string, unknown>;

async function connect(ws: WorkspaceFixture, platform: string, handle: string) {
  return (await ws.post("/v1/social-accounts/connect", { platform, handle })).body;
}

describe("structured logs", () => {
  let t: TestApp;
  let logger: ReturnType<typeof memoryLogger>;
  let runtime: JobRuntime;
  const requestLine = (requestId: string | null) => logger.lines.find((l) => l.msg === "request" && l.requestId === requestId);
  beforeAll(async () => {
    logger = memoryLogger();
    t = await createTestApp({ deps: { logger } });
    runtime = t.jobRuntime();
  });

  it("writes one JSON line per request with the matched route, status, latency and workspace, and nothing secret", async () => {
    const ws = await testWorkspace(t);
    const body = { username: "body-secret-username" };
    const created = await ws.post("/v1/profiles?token=query-secret", body);
    expect(created.status).toBe(201);
    const requestId = created.headers.get("x-request-id");
    expect(requestId).toMatch(/^req_/);
    const line = requestLine(requestId);
    expect(line).toEqual({ time: expect.any(String), level: "info", msg: "request", requestId, method: "POST", route: "/v1/profiles", status: 201, latencyMs: expect.any(Number), workspace: ws.id });
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);

    const missing = await ws.get("/v1/posts/post_doesnotexist1");
    expect(requestLine(missing.headers.get("x-request-id"))).toMatchObject({ route: "/v1/posts/:id", status: 404, workspace: ws.id });
    const written = JSON.stringify(logger.lines);
    for (const secret of [ws.key, ws.key.slice(8), "body-secret-username", "query-secret", "post_doesnotexist1"]) expect(written).not.toContain(secret);
  });

  it("logs a refused key's request without a workspace and without the presented key", async () => {
    const presented = `sk_test_${"x".repeat(40)}`;
    const refused = await t.app.request("http://chorus.test/v1/me", { headers: { authorization: `Bearer ${presented}` } });
    expect(refused.status).toBe(401);
    const requestId = refused.headers.get("x-request-id");
    expect((await reply(refused)).error.requestId).toBe(requestId);
    expect(requestLine(requestId)).toMatchObject({ status: 401, workspace: null, method: "GET" });
    expect(JSON.stringify(logger.lines)).not.toContain("x".repeat(40));
  });

  it("logs background events: a scheduled post firing, its target publishing, and a sweep repairing a lost schedule", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, "linkedin", "logged-schedule");
    const at = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const post = (await ws.post("/v1/posts", { text: "logged schedule", accounts: [account.id], scheduledAt: at })).body;
    // Lose the job, as a failed QStash publish would: only the sweep can bring the post back.
    await t.db.delete(jobs).where(eq(jobs.dedupKey, `post:${post.id}:v0`));
    t.clock.advance(3 * 60_000);
    expect(await sweepSchedules(runtime)).toBeGreaterThan(0);
    expect(logger.lines.find((l) => l.msg === "sweep repaired schedules" && (l.postIds as string[]).includes(post.id))).toMatchObject({ level: "warn" });
    await runDueJobs(runtime);
    expect(logger.lines.find((l) => l.msg === "scheduled post fired" && l.postId === post.id)).toMatchObject({ level: "info", workspace: ws.id, mode: "test" });
    expect(logger.lines.find((l) => l.msg === "target published" && l.postId === post.id)).toMatchObject({ workspace: ws.id, platform: "linkedin", targetId: expect.any(String) });
    expect(JSON.stringify(logger.lines)).not.toContain("logged schedule");
  });

  it("logs a failed target with its error code", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "linkedin", "logged-failure");
    await ws.put(`/v1/sandbox/social-accounts/${account.id}/fault`, { fault: "revoked_permission" });
    const post = (await ws.post("/v1/posts", { text: "fails", accounts: [account.id] })).body;
    expect(logger.lines.find((l) => l.msg === "target failed" && l.postId === post.id)).toMatchObject({ level: "warn", code: expect.any(String), workspace: ws.id });
  });

  it("writes only lines at or above LOG_LEVEL", () => {
    const lines: string[] = [];
    const warnOnly = createJsonLogger({ level: "warn", sink: (line) => lines.push(line) });
    warnOnly.debug("d");
    warnOnly.info("i");
    warnOnly.warn("w", { n: 1 });
    warnOnly.error("e");
    expect(lines.map((l) => (JSON.parse(l) as Line).msg)).toEqual(["w", "e"]);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: "warn", msg: "w", n: 1 });
  });
});
