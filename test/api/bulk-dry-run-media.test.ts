import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { MAX_PROBED_URLS, sweepStaleProbes } from "../../src/domain/publishing/index.js";
import { PROBE_FOLDER, PROBE_LIFETIME_MS } from "../../src/domain/publishing/media/probe-files.js";
import { createFileMediaStorage } from "../../src/infra/media-storage/file-storage.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { concat, mp4, png } from "../unit/media-fixtures.js";

/**
 * A bulk dry run's `mediaUrls`: fetched through the real outbound guard (its `fetch` answers
 * from the files below, so nothing leaves the machine; `files.example` resolves to a public
 * address, `intranet.example` to a private one) and checked as the import would, storing nothing.
 */
const NOW = "2027-02-01T08:00:00Z";
const LATER = "2027-03-01T09:00:00+01:00";

const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** A PNG of `idatBytes` bytes of image data: a valid structure, larger than Bluesky's 1,000,000-byte image limit when asked. */
function largePng(width: number, height: number, idatBytes: number): Uint8Array<ArrayBuffer> {
  const head = png(width, height).subarray(0, 33);
  const idat = concat(
    u32be(idatBytes),
    [..."IDAT"].map((c) => c.charCodeAt(0)),
    new Uint8Array(idatBytes).fill(0x78),
    [0, 0, 0, 0],
  );
  const iend = concat(
    u32be(0),
    [..."IEND"].map((c) => c.charCodeAt(0)),
    [0xae, 0x42, 0x60, 0x82],
  );
  return concat(head, idat, iend);
}

const files: Record<string, { type: string; body: Uint8Array<ArrayBuffer> | string }> = {
  "/fits.png": { type: "image/png", body: png(640, 480) },
  "/shared.png": { type: "application/octet-stream", body: png(800, 600) },
  "/heavy.png": { type: "image/png", body: largePng(1200, 900, 1_200_000) },
  "/page.png": { type: "image/png", body: "<!doctype html><html><body>not an image</body></html>" },
  // Index at the end, as cameras write it: the facts need the file read back, never held whole.
  "/long.mp4": { type: "video/mp4", body: mp4(1280, 720, { timescale: 1000, duration: 200_000, mdatBytes: 2 * 1024 * 1024, moovLast: true }) },
};
const hits: string[] = [];

const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  hits.push(url.pathname);
  // /many/<n>.png: as many distinct small images as a test names.
  const file = url.pathname.startsWith("/many/") ? { type: "image/png", body: png(640, 480) } : files[url.pathname];
  if (!file) return new Response("no", { status: 404 });
  return new Response(file.body, { status: 200, headers: { "content-type": file.type } });
};

const guard = createGuardedFetch({
  resolve: async (hostname) => (hostname === "intranet.example" ? ["10.0.0.7"] : ["93.184.216.34"]),
  fetch: fakeFetch,
});

const FILES = "https://files.example";
const hitsOf = (path: string) => hits.filter((hit) => hit === path).length;

interface RowError {
  code: string;
  message: string;
  param: string | null;
  fix: string | null;
}
interface DryRow {
  row: number;
  valid: boolean;
  error: RowError | null;
  warnings: RowError[];
  targets: { errors: RowError[]; warnings: { code: string }[] }[];
}

let t: TestApp;
beforeAll(async () => {
  // sharp's engine: autoFix is offered as a fix only where the server can run it (transform-ability.ts).
  t = await createTestApp({ deps: { networks: testNetworkDeps({ guardedFetch: guard }), mediaTransforms: await nodeMediaTransforms() } });
});
afterAll(async () => {
  await t.close();
});

async function brand() {
  t.clock.set(new Date(NOW));
  const ws = await testWorkspace(t, { plan: "subscription" });
  const account = await ws.connect("bluesky");
  return { ws, account };
}

/** Media rows and stored files of a workspace: a dry run must leave both as they were. */
async function written(ws: WorkspaceFixture): Promise<{ rows: number; files: string[] }> {
  const rows = (await t.db.select({ id: media.id }).from(media).where(eq(media.workspaceId, ws.id))).length;
  const dir = join(t.mediaDir, ws.id);
  return { rows, files: existsSync(dir) ? readdirSync(dir).sort() : [] };
}

const dryRows = (reply: { body: unknown }, n: number) => {
  const rows = (reply.body as { rows: DryRow[] }).rows;
  expect(rows).toHaveLength(n);
  return rows;
};

describe("bulk dry run with mediaUrls", () => {
  it("fetches each file and refuses rows as the import would: too large for the network, unreachable, not media; writes nothing", async () => {
    const { ws, account } = await brand();
    // One stored file beforehand, so "nothing written" compares against a non-empty state.
    const uploaded = await ws.post("/v1/media", undefined, { raw: png(320, 240), headers: { "content-type": "image/png" } });
    expect(uploaded.status, uploaded.text).toBe(201);
    const before = await written(ws);
    expect(before.rows).toBe(1);
    expect(before.files).toEqual([uploaded.body.id, `${uploaded.body.id}.meta.json`]);
    const base = { accounts: [account.id], scheduledAt: LATER };
    const answer = await ws.post("/v1/posts/bulk", {
      dryRun: true,
      rows: [
        { ...base, text: "fits", mediaUrls: [`${FILES}/fits.png`] },
        { ...base, text: "heavy", media: [uploaded.body.id], mediaUrls: [`${FILES}/heavy.png`] },
        { ...base, text: "gone", mediaUrls: [`${FILES}/fits.png`, `${FILES}/missing.png`] },
        { ...base, text: "private", mediaUrls: ["https://intranet.example/a.png"] },
        { ...base, text: "html", mediaUrls: [`${FILES}/page.png`] },
        { ...base, text: "long video", mediaUrls: [`${FILES}/long.mp4`] },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: true, total: 6, validRows: 1, invalidRows: 5 });
    const [fits, heavy, gone, privateUrl, html, long] = dryRows(answer, 6) as [DryRow, DryRow, DryRow, DryRow, DryRow, DryRow];
    expect(fits).toMatchObject({ valid: true, error: null, targets: [{ errors: [] }] });
    expect(fits.targets[0]?.warnings.map((w) => w.code)).not.toContain("media_url_not_fetched");
    // The URL's file comes after `media`, as the import appends it: the network's code, its param and fix.
    expect(heavy.error).toMatchObject({ code: "media_too_large", param: "media" });
    expect(heavy.error?.message).toContain(`${FILES}/heavy.png`);
    expect(heavy.error?.fix).toEqual(expect.stringContaining("Compress"));
    // The autoFix the fix offers names Bluesky's real cap (it once read "below 0 MB": 1,000,000 bytes floored to MiB).
    expect(heavy.error?.fix).toContain("compress below 1,000,000 bytes");
    expect(gone.error).toMatchObject({ code: "url_unreachable", param: "mediaUrls[1]" });
    expect(privateUrl.error).toMatchObject({ code: "url_unreachable", param: "mediaUrls[0]" });
    expect(html.error).toMatchObject({ code: "media_type_unsupported", param: "mediaUrls[0]" });
    expect(long.error).toMatchObject({ code: "field_invalid", param: "media" });
    expect(long.error?.message).toContain("200 s");
    expect(await written(ws)).toEqual(before);
    // Nor is anything left half-streamed in the storage's own temporary folder.
    const incoming = join(t.mediaDir, ".incoming");
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    // The private address was refused by the guard before any request.
    expect(hits.some((hit) => hit === "/a.png")).toBe(false);
  });

  it("gives the import's code and param for the same rows when they run", async () => {
    const { ws, account } = await brand();
    const rows = [
      { text: "heavy", accounts: [account.id], scheduledAt: LATER, mediaUrls: [`${FILES}/heavy.png`] },
      { text: "html", accounts: [account.id], scheduledAt: LATER, mediaUrls: [`${FILES}/page.png`] },
      { text: "gone", accounts: [account.id], scheduledAt: LATER, mediaUrls: [`${FILES}/missing.png`] },
    ];
    const dry = dryRows(await ws.post("/v1/posts/bulk", { dryRun: true, rows }), 3);
    const run = await ws.post("/v1/posts/bulk", { rows });
    expect(run.status, run.text).toBe(201);
    const outcomes = (run.body as { rows: { error: RowError | null }[] }).rows;
    // The fix names the file: its med_ id once imported, its URL in a dry run; the rest is the same.
    const named = (fix: string | null | undefined) => fix?.replace(/med_[A-Za-z0-9]+|https:\/\/files\.example\/[a-z.]+/g, "<file>");
    expect(outcomes.map((r) => [r.error?.code, r.error?.param, named(r.error?.fix)])).toEqual(dry.map((r) => [r.error?.code, r.error?.param, named(r.error?.fix)]));
  });

  it("fetches a URL named by several rows once", async () => {
    const { ws, account } = await brand();
    const before = hitsOf("/shared.png");
    const rows = Array.from({ length: 5 }, (_, i) => ({ text: `row ${i}`, accounts: [account.id], scheduledAt: LATER, mediaUrls: [`${FILES}/shared.png`] }));
    const answer = await ws.post("/v1/posts/bulk", { dryRun: true, rows });
    expect(answer.body).toMatchObject({ validRows: 5, invalidRows: 0 });
    expect(hitsOf("/shared.png") - before).toBe(1);
  });

  it(`fetches at most ${MAX_PROBED_URLS} distinct URLs; a row naming one past them says media_url_not_fetched and is checked without it`, async () => {
    const { ws, account } = await brand();
    const instagram = await ws.connect("instagram");
    const many = (n: number) => `${FILES}/many/${n}.png`;
    const base = { accounts: [account.id], scheduledAt: LATER };
    const fetched = () => hits.filter((hit) => hit.startsWith("/many/"));
    const before = fetched().length;
    const rows = [
      // The first 100 distinct URLs, the first one named twice (fetched once, counted once).
      ...Array.from({ length: MAX_PROBED_URLS }, (_, i) => ({ ...base, text: `row ${i}`, mediaUrls: [many(i), many(0)] })),
      { ...base, text: "past the cap", mediaUrls: [many(0), many(MAX_PROBED_URLS)] },
      // Instagram takes no text alone: an unfetched file still counts as attached, so no media_required.
      { accounts: [instagram.id], scheduledAt: LATER, text: "instagram, file unfetched", mediaUrls: [many(MAX_PROBED_URLS + 1)] },
      // The row's other checks still run.
      { ...base, text: "x".repeat(400), mediaUrls: [many(MAX_PROBED_URLS + 2)] },
    ];
    const answer = await ws.post("/v1/posts/bulk", { dryRun: true, rows });
    expect(answer.status, answer.text).toBe(200);
    const out = dryRows(answer, MAX_PROBED_URLS + 3);
    expect(fetched().length - before).toBe(MAX_PROBED_URLS);
    expect(new Set(fetched().slice(before))).toEqual(new Set(Array.from({ length: MAX_PROBED_URLS }, (_, i) => `/many/${i}.png`)));
    expect(out.slice(0, MAX_PROBED_URLS).every((r) => r.valid && r.warnings.length === 0)).toBe(true);
    const [past, unfetchedOnly, tooLong] = out.slice(MAX_PROBED_URLS) as [DryRow, DryRow, DryRow];
    expect(past).toMatchObject({ valid: true, error: null, warnings: [{ code: "media_url_not_fetched", param: "mediaUrls[1]" }] });
    expect(past.warnings[0]?.message).toContain(many(MAX_PROBED_URLS));
    expect(past.warnings[0]?.fix).toContain("import fetches and checks every URL");
    expect(unfetchedOnly).toMatchObject({ valid: true, error: null, warnings: [{ code: "media_url_not_fetched", param: "mediaUrls[0]" }] });
    expect(tooLong).toMatchObject({ valid: false, error: { code: "text_too_long" }, warnings: [{ code: "media_url_not_fetched" }] });
    expect(await written(ws)).toEqual({ rows: 0, files: [] });
  }, 60_000);

  it("removes the probe files a crashed dry run left, before probing and in the hourly sweep, and keeps probes in flight", async () => {
    const { ws, account } = await brand();
    const storage = createFileMediaStorage(t.mediaDir);
    const probesDir = join(t.mediaDir, PROBE_FOLDER);
    const now = t.clock.now().getTime();
    // What a process that died mid-probe leaves: its file, named when it was made, never removed.
    const crashed = `${PROBE_FOLDER}/${now - PROBE_LIFETIME_MS - 1000}-crashedrun`;
    const inFlight = `${PROBE_FOLDER}/${now - 60_000}-inflight`;
    await storage.put(crashed, png(640, 480), { contentType: "image/png" });
    await storage.put(inFlight, png(640, 480), { contentType: "image/png" });
    expect((await storage.list(PROBE_FOLDER)).sort()).toEqual([crashed, inFlight]);
    const answer = await ws.post("/v1/posts/bulk", { dryRun: true, rows: [{ text: "fits", accounts: [account.id], scheduledAt: LATER, mediaUrls: [`${FILES}/fits.png`] }] });
    expect(answer.body).toMatchObject({ validRows: 1 });
    // The leftover is gone, the younger probe is kept, and this dry run's own probe removed its file.
    expect(await storage.list(PROBE_FOLDER)).toEqual([inFlight]);
    const inFlightName = inFlight.slice(PROBE_FOLDER.length + 1);
    expect(readdirSync(probesDir).sort()).toEqual([inFlightName, `${inFlightName}.meta.json`]);
    // With no dry run, the hourly sweep removes it once it is past a probe's lifetime.
    expect(await sweepStaleProbes(t.jobRuntime())).toBe(0);
    t.clock.advance(PROBE_LIFETIME_MS);
    expect(await sweepStaleProbes(t.jobRuntime())).toBe(1);
    expect(readdirSync(probesDir)).toEqual([]);
  });

  it("refuses another workspace's media beside a URL, and stores the probe in no workspace", async () => {
    const { ws: owner } = await brand();
    const { ws: other, account } = await brand();
    const theirs = await owner.post("/v1/media", undefined, { raw: png(320, 240), headers: { "content-type": "image/png" } });
    expect(theirs.status).toBe(201);
    const ownerBefore = await written(owner);
    const answer = await other.post("/v1/posts/bulk", {
      dryRun: true,
      rows: [
        { text: "borrowed", accounts: [account.id], scheduledAt: LATER, media: [theirs.body.id], mediaUrls: [`${FILES}/fits.png`] },
        { text: "own", accounts: [account.id], scheduledAt: LATER, mediaUrls: [`${FILES}/fits.png`] },
      ],
    });
    const [borrowed, own] = dryRows(answer, 2) as [DryRow, DryRow];
    expect(borrowed.error).toMatchObject({ code: "media_unknown" });
    expect(own.valid).toBe(true);
    expect(await written(owner)).toEqual(ownerBefore);
    expect(await written(other)).toEqual({ rows: 0, files: [] });
  });
});

describe("GET /v1/posts/bulk/{id}", () => {
  // Documented beside GET /v1/bulk-imports/{id}, so its answers take the conformance check every request takes.
  it("answers what GET /v1/bulk-imports/{id} answers to the owner; another workspace gets 404 on both", async () => {
    t.clock.set(new Date(NOW));
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const stranger = await testWorkspace(t, { plan: "subscription" });
    const started = await ws.post("/v1/posts/bulk", { rows: [{ text: "one", accounts: [account.id], scheduledAt: LATER }] });
    expect(started.status, started.text).toBe(201);
    const id = (started.body as { id: string }).id;
    const canonical = await ws.get(`/v1/bulk-imports/${id}`);
    const alias = await ws.get(`/v1/posts/bulk/${id}`);
    expect(canonical.status).toBe(200);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(canonical.body);
    expect(alias.body).toMatchObject({ id, state: "done", created: 1 });
    for (const path of [`/v1/bulk-imports/${id}`, `/v1/posts/bulk/${id}`]) {
      const refused = await stranger.get(path);
      expect(refused.status, path).toBe(404);
      expect(refused.error.code).toBe("resource_not_found");
    }
  });
});
