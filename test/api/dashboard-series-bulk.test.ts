import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../src/db/schema/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { BulkProgress } from "../../src/pages/dashboard/bulk-page.js";
import { ruleInWords } from "../../src/pages/dashboard/series-page.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

describe("dashboard series and bulk import pages", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2027-03-01T08:00:00Z"));
  });

  it("says a rule in words", () => {
    expect(ruleInWords("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6", "recurring")).toBe("Every 2 weeks on Monday and Wednesday, 6 times");
    expect(ruleInWords("FREQ=DAILY;UNTIL=20270401T000000Z", "recurring")).toBe("Every day, until 2027-04-01");
    expect(ruleInWords(null, "evergreen")).toMatch(/^Evergreen/);
  });

  it("polls the progress while an import runs, and stops once it is done", async () => {
    const run = { id: "bulk_x", dryRun: false as const, state: "running" as const, total: 30, created: 5, failed: 1, pending: 24, createdAt: "2027-03-01T08:00:00.000Z", finishedAt: null, rows: [] };
    const running = String(await BulkProgress({ run }));
    expect(running).toContain('hx-get="/dashboard/bulk/bulk_x/progress"');
    expect(running).toContain('hx-trigger="every 2s"');
    expect(running).toContain("5 created, 1 failed, 24 pending, of 30 rows.");
    expect(running).toContain('href="/dashboard/bulk/bulk_x"');
    const done = String(await BulkProgress({ run: { ...run, state: "done", created: 29, pending: 0, finishedAt: "2027-03-01T08:01:00.000Z" } }));
    expect(done).not.toContain("hx-get");
  });

  it("lists series, shows one with its occurrences, pauses, resumes and cancels after asking; another workspace gets 404", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const first = await ws.publish({ text: "weekly tip", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "Europe/Berlin", recurrence: "FREQ=WEEKLY;BYDAY=TU;COUNT=4" });
    const seriesId = first.series as string;
    const session = await DashboardSession.open(t, ws);

    const list = await session.page("/dashboard/series");
    expect(list.status).toBe(200);
    expect(list.html).toContain('href="/dashboard/series"');
    expect(list.html).toContain(`id="series-${seriesId}"`);
    expect(list.html).toContain("Every week on Tuesday, 4 times");
    expect(list.html).toContain("Europe/Berlin");

    const detail = await session.page(`/dashboard/series/${seriesId}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain(`href="/dashboard/posts/${first.id}"`);
    expect(detail.html).toContain('id="series-count">1<');

    const paused = await session.submit(`/dashboard/series/${seriesId}/pause`, {});
    expect(paused.status, paused.html.slice(0, 300)).toBe(303);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("paused");
    expect((await session.page(paused.location ?? "")).html).toContain(`id="resume-${seriesId}"`);
    expect((await session.submit(`/dashboard/series/${seriesId}/resume`, {})).status).toBe(303);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("active");

    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    expect((await other.page("/dashboard/series")).html).not.toContain(seriesId);
    expect((await other.page(`/dashboard/series/${seriesId}`)).status).toBe(404);
    expect((await other.submit(`/dashboard/series/${seriesId}/pause`, {})).status).toBe(404);
    // Before the confirmation step too: no question is asked about another workspace's series.
    const asked = await other.submit(`/dashboard/series/${seriesId}/cancel`, {});
    expect(asked.status).toBe(404);
    expect(asked.html).not.toContain("Cancel this series?");
    expect((await other.submit(`/dashboard/series/${seriesId}/cancel`, { confirmed: "yes" })).status).toBe(404);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("active");

    const question = await session.submit(`/dashboard/series/${seriesId}/cancel`, {});
    expect(question.status).toBe(200);
    expect(question.html).toContain("Cancel this series?");
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("active");
    expect((await session.submit(`/dashboard/series/${seriesId}/cancel`, { confirmed: "yes" })).status).toBe(303);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("cancelled");
    expect(
      (
        await t.db
          .select()
          .from(posts)
          .where(eq(posts.id, first.id as string))
      )[0]?.state,
    ).toBe("cancelled");
  });

  it("checks a CSV without writing, imports once for a double submit, shows progress; another workspace's import is 404", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const session = await DashboardSession.open(t, ws);
    const form = await session.page("/dashboard/bulk");
    expect(form.status).toBe(200);
    expect(form.html).toContain('href="/dashboard/bulk"');
    const csv = `text,accounts,scheduledAt\n"Good row, scheduled",${account.id},2027-03-05T09:00:00Z\nBad row,acc_doesnotexist,2027-03-05T09:00:00Z\n`;
    const countPosts = async () => (await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).length;

    const checked = await session.submit("/dashboard/bulk", { csv, action: "check" });
    expect(checked.status).toBe(200);
    expect(checked.html).toContain('id="row-1" data-valid="true"');
    expect(checked.html).toContain('id="row-2" data-valid="false"');
    expect(checked.html).toMatch(/id="row-2"[\s\S]*?<code>[a-z_]+<\/code>/);
    expect(checked.html).toContain("How to fix:");
    expect(await countPosts()).toBe(0);

    const imported = await session.submit("/dashboard/bulk", { csv, action: "import" });
    expect(imported.status, imported.html.slice(0, 400)).toBe(303);
    const again = await session.submit("/dashboard/bulk", { csv, action: "import" });
    expect(again.status).toBe(303);
    expect(again.location).toBe(imported.location);
    expect(await countPosts()).toBe(1);

    const run = await session.page(imported.location ?? "");
    expect(run.status).toBe(200);
    expect(run.html).toContain("1 created, 1 failed, 0 pending, of 2 rows.");
    const [created] = await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id));
    expect(run.html).toContain(`href="/dashboard/posts/${created?.id}"`);
    const bulkId = (imported.location ?? "").split("/").pop() ?? "";
    expect((await session.page(`/dashboard/bulk/${bulkId}/progress`)).html).toContain('id="bulk-counts"');

    const uploaded = await session.upload("/dashboard/bulk", { action: "check", csv: "" }, new File([csv], "posts.csv", { type: "text/csv" }));
    expect(uploaded.status).toBe(200);
    expect(uploaded.html).toContain('id="row-2" data-valid="false"');
    expect(await countPosts()).toBe(1);

    const unreadable = await session.submit("/dashboard/bulk", { csv: "text,colour\nhi,red\n", action: "check" });
    expect(unreadable.status).toBe(400);
    expect(unreadable.html).toContain("field_unknown");
    // Larger than an ordinary form (1 MB) but within what POST /v1/posts/bulk takes: read, then refused for its column.
    const large = await session.submit("/dashboard/bulk", { csv: `text,colour\n${"hello,red\n".repeat(150_000)}`, action: "check" });
    expect(large.status).toBe(400);
    expect(large.html).toContain("field_unknown");

    // More rows than run in the request: the page polls until the background import is done.
    const many = `text,accounts,draft\n${Array.from({ length: 30 }, (_, i) => `Draft ${i},${account.id},true`).join("\n")}\n`;
    const started = await session.submit("/dashboard/bulk", { csv: many, action: "import", submission: "b".repeat(32) });
    expect(started.status, started.html.slice(0, 300)).toBe(303);
    const running = await session.page(started.location ?? "");
    expect(running.html).toContain("Importing…");
    expect(running.html).toContain(`hx-get="${started.location}/progress"`);
    await runDueJobs(t.jobRuntime());
    const finished = await session.page(`${started.location}/progress`);
    expect(finished.html).toContain("30 created, 0 failed, 0 pending, of 30 rows.");
    expect(finished.html).not.toContain("hx-get");

    const other = await DashboardSession.open(t, await ws.otherWorkspace());
    expect((await other.page(`/dashboard/bulk/${bulkId}`)).status).toBe(404);
    expect((await other.page(`/dashboard/bulk/${bulkId}/progress`)).status).toBe(404);
  });
});
