import { existsSync, readdirSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { resolveAllAddresses } from "../../src/node/node-resolve.js";
import { type TestApp, type TestWorkspace, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { concat, mp4, png } from "../unit/media-fixtures.js";

/**
 * POST /v1/media with `{ url }`. The files come from an HTTP server this test starts on
 * 127.0.0.1. The app that reaches it gets a guard built with `allowLoopbackHttp` (the explicit
 * seam for local servers, the one CHORUS_OUTBOUND_ALLOW_LOOPBACK turns on); a second app has the
 * guard as production builds it, and must refuse the same URLs.
 */
const image = png(640, 480);
const video = mp4(1280, 720, { timescale: 1000, duration: 4000, mdatBytes: 3 * 1024 * 1024 });
const hits: string[] = [];

function serve(): Server {
  return createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push(path);
    if (path === "/robin.bin") {
      // A wrong type from the server: the bytes decide, not the header.
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(image);
    } else if (path === "/clip") {
      // Chunked, no Content-Length: the file arrives in pieces.
      res.writeHead(200, { "content-type": "video/mp4" });
      for (let at = 0; at < video.byteLength; at += 64 * 1024) res.write(video.subarray(at, at + 64 * 1024));
      res.end();
    } else if (path === "/moved") {
      res.writeHead(302, { location: "/robin.bin" }).end();
    } else if (path === "/page.png") {
      res.writeHead(200, { "content-type": "image/png" }).end("<!doctype html><html><body>not an image</body></html>");
    } else if (path === "/huge.png") {
      // A PNG head, then more than the 20 MB image limit, sent without a length.
      res.writeHead(200, { "content-type": "image/png" });
      res.write(image.subarray(0, 64));
      const filler = new Uint8Array(1024 * 1024);
      for (let i = 0; i < 21; i += 1) res.write(filler);
      res.end();
    } else {
      res.writeHead(404).end("no");
    }
  });
}

let server: Server;
let base: string;
let local: TestApp;
let production: TestApp;

beforeAll(async () => {
  server = serve();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch: typeof fetch = (input, init) => fetch(input, init);
  local = await createTestApp({ deps: { networks: testNetworkDeps({ guardedFetch: createGuardedFetch({ resolve: resolveAllAddresses, fetch: realFetch, allowLoopbackHttp: true }) }) } });
  production = await createTestApp({ deps: { networks: testNetworkDeps({ guardedFetch: createGuardedFetch({ resolve: resolveAllAddresses, fetch: realFetch }) }) } });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await local.close();
  await production.close();
});

const importUrl = (ws: WorkspaceFixture, body: unknown) => ws.post("/v1/media", body);

async function expectNothingStored(t: TestApp, ws: TestWorkspace): Promise<void> {
  expect(await t.db.select().from(media).where(eq(media.workspaceId, ws.id))).toEqual([]);
  const dir = join(t.mediaDir, ws.id);
  expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
}

describe("POST /v1/media { url }", () => {
  it("stores an image whose server misnames its type, read back by GET", async () => {
    const ws = await testWorkspace(local);
    const response = await importUrl(ws, { url: `${base}/robin.bin` });
    expect(response.status).toBe(201);
    const record = response.body;
    expect(record).toMatchObject({ kind: "image", mimeType: "image/png", width: 640, height: 480, bytes: image.byteLength });
    expect((await ws.get(`/v1/media/${record.id}`)).body).toMatchObject({ id: record.id, mimeType: "image/png" });
  });

  it("streams a chunked video and follows a redirect", async () => {
    const ws = await testWorkspace(local);
    const clip = await importUrl(ws, { url: `${base}/clip` });
    expect(clip.status).toBe(201);
    expect(clip.body).toMatchObject({ kind: "video", mimeType: "video/mp4", width: 1280, height: 720, durationSeconds: 4, bytes: video.byteLength });
    const moved = await importUrl(ws, { url: `${base}/moved` });
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ mimeType: "image/png", bytes: image.byteLength });
  });

  it("refuses bytes that are not a media file, a type that lies, an error status and an oversized file, storing nothing", async () => {
    const ws = await testWorkspace(local);
    expect((await importUrl(ws, { url: `${base}/page.png` })).error).toMatchObject({ code: "media_type_unsupported", param: "url" });
    expect((await importUrl(ws, { url: `${base}/robin.bin`, contentType: "image/jpeg" })).error).toMatchObject({ code: "media_type_mismatch" });
    expect((await importUrl(ws, { url: `${base}/missing` })).error).toMatchObject({ code: "url_unreachable", param: "url" });
    expect((await importUrl(ws, { url: `${base}/huge.png` })).error).toMatchObject({ code: "body_too_large" });
    await expectNothingStored(local, ws);
  });

  it("refuses a body without url, a malformed url and unknown fields", async () => {
    const ws = await testWorkspace(local);
    expect((await importUrl(ws, {})).error).toMatchObject({ code: "field_required", param: "url" });
    expect((await importUrl(ws, { url: "not a url" })).error).toMatchObject({ code: "field_invalid", param: "url" });
    expect((await importUrl(ws, { url: `${base}/robin.bin`, extra: 1 })).error).toMatchObject({ code: "field_unknown", param: "extra" });
    const notJson = await ws.post("/v1/media", undefined, { headers: { "content-type": "application/json" }, raw: "{url:" });
    expect(notJson.error).toMatchObject({ code: "body_not_json" });
    await expectNothingStored(local, ws);
  });

  it("the production guard refuses loopback, private, link-local and metadata addresses before any request", async () => {
    const ws = await testWorkspace(production);
    hits.length = 0;
    const port = new URL(base).port;
    for (const url of [
      `${base}/robin.bin`,
      `https://127.0.0.1:${port}/robin.bin`,
      "https://localhost/x.png",
      "https://10.1.2.3/x.png",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x.png",
      "https://[fe80::1]/x.png",
    ]) {
      expect((await importUrl(ws, { url })).error, url).toMatchObject({ code: "url_unreachable", param: "url" });
    }
    expect(hits).toEqual([]);
    await expectNothingStored(production, ws);
  });
});

describe("POST /v1/media { url }: names and redirects that lead inside", () => {
  let t: TestApp;
  const requested: string[] = [];
  beforeAll(async () => {
    // Public names resolve to a public address, except one that resolves to a private one; the
    // public host answers with a redirect to a private address.
    const guardedFetch = createGuardedFetch({
      resolve: async (hostname) => (hostname === "inside.example.com" ? ["10.0.0.7"] : ["93.184.216.34"]),
      fetch: async (input) => {
        const url = String(input instanceof Request ? input.url : input);
        requested.push(url);
        if (url.includes("/to-metadata")) return new Response(null, { status: 302, headers: { location: "https://169.254.169.254/latest/meta-data" } });
        if (url.includes("/to-inside")) return new Response(null, { status: 301, headers: { location: "https://inside.example.com/x.png" } });
        if (url.includes("/to-http")) return new Response(null, { status: 302, headers: { location: "http://files.example.com/x.png" } });
        return new Response(concat(image), { headers: { "content-type": "image/png" } });
      },
    });
    t = await createTestApp({ deps: { networks: testNetworkDeps({ guardedFetch }) } });
  });
  afterAll(() => t.close());

  it("refuses a name resolving to a private address and a redirect to one or to http, without fetching it", async () => {
    const ws = await testWorkspace(t);
    for (const path of ["https://inside.example.com/x.png", "https://files.example.com/to-metadata", "https://files.example.com/to-inside", "https://files.example.com/to-http"]) {
      expect((await importUrl(ws, { url: path })).error, path).toMatchObject({ code: "url_unreachable" });
    }
    expect(requested.filter((url) => url.includes("inside.example.com") || url.includes("169.254") || url.startsWith("http:"))).toEqual([]);
    await expectNothingStored(t, ws);
    expect((await importUrl(ws, { url: "https://files.example.com/ok.png" })).status).toBe(201);
  });
});
