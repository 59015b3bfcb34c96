import { gunzipSync, inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { reply } from "../support/workspace-fixture.js";

let t: TestApp;
let onWorkers: TestApp;
let noPublicUrl: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { publicUrl: "https://chorus.example.com" } });
  onWorkers = await createTestApp({ deps: { platformCompresses: true } });
  noPublicUrl = await createTestApp({ deps: { publicUrl: undefined } });
});

async function fetchBytes(app: TestApp, url: string, acceptEncoding?: string) {
  const response = await app.app.request(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("/openapi.json and /docs are served compressed", () => {
  it.each(["/openapi.json", "/docs/assets/docs.js", "/docs/assets/docs.css", "/docs", "/docs/operations/createPost", "/docs/errors", "/docs/search.json", "/docs/guides/quick-start"])(
    "%s: gzip or deflate as Accept-Encoding asks, identity otherwise",
    async (path) => {
      const plain = await fetchBytes(t, `http://chorus.test${path}`);
      expect(plain.response.status).toBe(200);
      expect(plain.response.headers.get("content-encoding")).toBeNull();

      const gzip = await fetchBytes(t, `http://chorus.test${path}`, "gzip, deflate, br");
      expect(gzip.response.headers.get("content-encoding")).toBe("gzip");
      expect(gzip.response.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
      expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
      if (plain.bytes.length > 100_000) expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 3);

      const deflate = await fetchBytes(t, `http://chorus.test${path}`, "deflate");
      expect(deflate.response.headers.get("content-encoding")).toBe("deflate");
      expect(inflateSync(deflate.bytes).equals(plain.bytes)).toBe(true);
    },
  );

  it("leaves compression to the platform where it compresses every answer (Workers), so nothing is compressed twice", async () => {
    for (const path of ["/openapi.json", "/docs/assets/docs.js", "/docs", "/docs/operations/createPost"]) {
      const { response, bytes } = await fetchBytes(onWorkers, `http://chorus.test${path}`, "gzip");
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect(bytes[0] === 0x1f && bytes[1] === 0x8b, path).toBe(false);
    }
  });
});

describe("the document's server entry names the server that served it", () => {
  const serverOf = async (app: TestApp, url: string) => (await reply<{ servers: { url: string; description: string }[] }>(await app.app.request(url))).body.servers;

  it("names CHORUS_PUBLIC_URL when it is set", async () => {
    const servers = await serverOf(t, "http://10.0.0.5:3000/openapi.json");
    expect(servers).toEqual([{ url: "/", description: expect.stringContaining("https://chorus.example.com") }]);
    expect(JSON.stringify(servers)).not.toContain("8787");
  });

  it("names the origin the request reached otherwise", async () => {
    const servers = await serverOf(noPublicUrl, "http://api.internal.example:9999/openapi.json");
    expect(servers[0]?.description).toContain("http://api.internal.example:9999");
    expect(JSON.stringify(servers)).not.toContain("8787");
  });
});
