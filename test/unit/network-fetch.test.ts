import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createNetworkFetch } from "../../src/node/network-fetch.js";
import { observed, sameBothWays, startServer, text } from "./network-fetch-harness.js";

/**
 * The Node network fetch must be indistinguishable from Node's own fetch to the network and to the
 * adapter: every case sends the same request both ways to a local server and compares what the
 * server received and what the caller got back.
 */
let other = "";
const otherServer = startServer({ default: (req, res) => text(res, 200, `other ${req.method}`) });
const payload = JSON.stringify({ id: "17841", name: "Chorus ✓" });
const main = startServer({
  "/echo": (req, res, body) => text(res, 200, `${req.method} ${body.toString("utf8")}`, { "set-cookie": ["a=1", "b=2"], "x-rate": "7" }),
  "/gzip": (_req, res) => text(res, 200, gzipSync(payload), { "content-encoding": "gzip", "content-type": "application/json" }),
  "/deflate": (_req, res) => text(res, 200, deflateSync(payload), { "content-encoding": "deflate" }),
  "/br": (_req, res) => text(res, 200, brotliCompressSync(payload), { "content-encoding": "br" }),
  "/unknown-coding": (_req, res) => text(res, 200, "as sent", { "content-encoding": "zstd-from-the-future" }),
  "/empty": (_req, res) => void res.writeHead(204).end(),
  "/refused": (_req, res) => text(res, 400, JSON.stringify({ error: { code: 190 } }), { "content-type": "application/json" }),
  "/slow": (_req, res) => setTimeout(() => text(res, 200, "late"), 2_000),
  "/to-echo-301": (_req, res) => void res.writeHead(301, { location: "/echo" }).end(),
  "/to-echo-302": (_req, res) => void res.writeHead(302, { location: "/echo" }).end(),
  "/to-echo-303": (_req, res) => void res.writeHead(303, { location: "/echo?from=303" }).end(),
  "/to-echo-307": (_req, res) => void res.writeHead(307, { location: "/echo" }).end(),
  "/to-echo-308": (_req, res) => void res.writeHead(308, { location: "echo" }).end(),
  "/to-other": (_req, res) => void res.writeHead(302, { location: `${other}/elsewhere` }).end(),
  "/loop": (_req, res) => void res.writeHead(302, { location: "/loop" }).end(),
  "/no-location": (_req, res) => text(res, 302, "nowhere"),
  "/to-ftp": (_req, res) => void res.writeHead(302, { location: "ftp://example.test/file" }).end(),
  default: (req, res) => text(res, 200, `default ${req.method}`),
});
let base = "";

beforeAll(async () => {
  base = await main.listen();
  other = await otherServer.listen();
});
afterAll(async () => {
  await main.close();
  await otherServer.close();
});

const networkFetch = createNetworkFetch(fetch);

const sameBothWaysHere = (path: string, init?: RequestInit) => sameBothWays(main, networkFetch, `${base}${path}`, init);

describe("the Node network fetch sends what Node's fetch sends and answers what it answers", () => {
  it.each([
    ["a GET", "/echo", undefined],
    ["a GET with a query string", "/echo?fields=id,name&access_token=t%20k", undefined],
    ["a POST of JSON text with its content type", "/echo", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer t" }, body: payload }],
    ["a POST of plain text (default content type)", "/echo", { method: "POST", body: "héllo" }],
    ["a POST without a body (content-length 0)", "/echo", { method: "POST" }],
    ["a PUT of form fields", "/echo", { method: "PUT", body: new URLSearchParams({ message: "a b&c", access_token: "t" }) }],
    ["a PUT of bytes", "/echo", { method: "PUT", headers: { "content-type": "image/jpeg" }, body: new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x10]) }],
    ["a POST of an ArrayBuffer", "/echo", { method: "POST", body: new Uint8Array([1, 2, 3]).buffer }],
    ["a DELETE", "/echo", { method: "DELETE" }],
    ["a lower-case method the standard normalises", "/echo", { method: "post", body: "x" }],
    ["a PATCH", "/echo", { method: "PATCH", body: "{}" }],
    ["headers as a Headers object, overriding the defaults", "/echo", { headers: new Headers({ "User-Agent": "chorus", Accept: "application/json", "Accept-Encoding": "identity" }) }],
    [
      "headers as pairs, repeated names joined",
      "/echo",
      {
        headers: [
          ["x-a", "1"],
          ["X-A", "2"],
        ],
      },
    ],
    ["a record's names in two cases joined, values trimmed", "/echo", { headers: { "X-A": "1", "x-a": " 2\t", "x-empty": "" } }],
    ["a record with a value that is not a string", "/echo", { headers: { "x-n": 5, "x-u": undefined } as unknown as HeadersInit }],
    ["a network's refusal with its JSON body", "/refused", { method: "POST", body: "{}" }],
    ["a 204 without a body", "/empty", { method: "DELETE" }],
    ["a HEAD", "/echo", { method: "HEAD" }],
  ] as [string, string, RequestInit | undefined][])("%s", async (_name, path, init) => {
    await sameBothWaysHere(path, init);
  });

  it.each(["/gzip", "/deflate", "/br"])("decodes a %s body, keeping the Content-Encoding header as fetch does", async (path) => {
    const { response } = await sameBothWaysHere(path);
    expect(JSON.parse(response.body)).toEqual({ id: "17841", name: "Chorus ✓" });
    expect(response.headers.find(([name]) => name === "content-encoding")).toBeDefined();
  });

  it("hands over a body in an unknown coding as sent", async () => {
    expect((await sameBothWaysHere("/unknown-coding")).response.body).toBe("as sent");
  });

  it.each([
    ["301 after a POST: a GET without the body", "/to-echo-301", { method: "POST", headers: { "content-type": "application/json" }, body: payload }],
    ["302 after a PUT: the same PUT", "/to-echo-302", { method: "PUT", body: "kept" }],
    ["303 after a PUT: a GET", "/to-echo-303", { method: "PUT", body: "dropped" }],
    ["307: the same method and body", "/to-echo-307", { method: "POST", body: "kept" }],
    ["308 with a relative location", "/to-echo-308", { method: "POST", body: "kept" }],
    ["a 302 without a Location", "/no-location", undefined],
    ["redirect: manual hands back the 3xx", "/to-echo-302", { redirect: "manual" }],
  ] as [string, string, RequestInit | undefined][])("follows redirects as the standard says: %s", async (_name, path, init) => {
    await sameBothWaysHere(path, init);
  });

  it("keeps credentials on the same origin and drops them on another", async () => {
    const init = { headers: { authorization: "Bearer secret", cookie: "c=1", "x-keep": "yes" } };
    const same = await sameBothWaysHere("/to-echo-307", init);
    expect(same.seen[1]?.headers).toContainEqual(["authorization", "Bearer secret"]);
    const from = otherServer.seen.length;
    const theirs = await observed(await fetch(`${base}/to-other`, init));
    const ours = await observed(await networkFetch(`${base}/to-other`, init));
    expect(ours).toEqual(theirs);
    const [fetchSaw, oursSaw] = otherServer.seen.slice(from);
    expect(oursSaw).toEqual(fetchSaw);
    expect(oursSaw?.headers.map(([name]) => name)).not.toContain("authorization");
    expect(oursSaw?.headers.map(([name]) => name)).not.toContain("cookie");
    expect(oursSaw?.headers).toContainEqual(["x-keep", "yes"]);
  });

  it("refuses what fetch refuses, with a TypeError", async () => {
    for (const [path, init] of [
      ["/loop", undefined],
      ["/to-echo-302", { redirect: "error" }],
      ["/to-ftp", undefined],
      ["/echo", { method: "GET", body: "not allowed" }],
      ["/echo", { method: "TRACE" }],
    ] as [string, RequestInit | undefined][]) {
      await expect(fetch(`${base}${path}`, init)).rejects.toThrow(TypeError);
      await expect(networkFetch(`${base}${path}`, init)).rejects.toThrow(TypeError);
    }
    for (const headers of [{ "bad header": "x" }, { "x-mark": "✓" }, { "x-line": "a\r\nb" }] as Record<string, string>[]) {
      await expect(fetch(`${base}/echo`, { headers })).rejects.toThrow(TypeError);
      await expect(networkFetch(`${base}/echo`, { headers })).rejects.toThrow(TypeError);
    }
  });

  it("fails like fetch when nothing listens, with the transport's error as the cause", async () => {
    const closed = startServer({});
    const url = await closed.listen();
    await closed.close();
    const error = await networkFetch(`${url}/x`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe("fetch failed");
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
  });

  it("rejects with the signal's reason when the caller aborts, before or during the exchange", async () => {
    const gone = new AbortController();
    gone.abort(new Error("caller left"));
    await expect(networkFetch(`${base}/echo`, { signal: gone.signal })).rejects.toThrow("caller left");
    const started = performance.now();
    const error = await networkFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) }).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe("TimeoutError");
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("keeps the connection alive between calls", async () => {
    await (await networkFetch(`${base}/echo`)).text();
    const before = main.connections();
    for (let i = 0; i < 5; i++) await (await networkFetch(`${base}/echo`, { method: "POST", body: String(i) })).text();
    expect(main.connections()).toBe(before);
  });

  it("hands what it does not send itself to the runtime's fetch, unchanged", async () => {
    const fallback = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const withSpy = createNetworkFetch(fallback as typeof fetch);
    const form = new FormData();
    form.append("media", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "media");
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("streamed"));
        controller.close();
      },
    });
    const cases: [RequestInfo | URL, RequestInit | undefined][] = [
      [`${base}/echo`, { method: "POST", body: form }],
      [`${base}/echo`, { method: "POST", body: new Blob(["blob"]) }],
      [`${base}/echo`, { method: "POST", body: streamed, duplex: "half" } as RequestInit],
      [new Request(`${base}/echo`, { method: "POST", body: "as a Request" }), undefined],
    ];
    for (const [input, init] of cases) {
      const response = await withSpy(input, init);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^POST /);
    }
    expect(fallback).toHaveBeenCalledTimes(cases.length);
    await (await withSpy(`${base}/echo`, { method: "POST", body: "sent here" })).text();
    expect(fallback).toHaveBeenCalledTimes(cases.length);
  });
});
