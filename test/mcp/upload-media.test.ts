import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { concat, png } from "../unit/media-fixtures.js";
import { listen, mcpClient } from "./mcp-server.js";

describe("upload_media over MCP", () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  const fetched: string[] = [];
  const image = png(640, 480);
  beforeAll(async () => {
    // A public host that serves a PNG; every other name resolves nowhere.
    const guardedFetch = createGuardedFetch({
      resolve: async (hostname) => (hostname === "images.example.com" ? ["93.184.216.34"] : []),
      fetch: async (input) => {
        const url = String(input instanceof Request ? input.url : input);
        fetched.push(url);
        if (url.endsWith("/big.png")) return new Response(concat(image, new Uint8Array(21 * 1024 * 1024)), { headers: { "content-type": "image/png" } });
        return new Response(image, { headers: { "content-type": "image/png" } });
      },
    });
    t = await createTestApp({ deps: { networks: testNetworkDeps({ guardedFetch }) } });
    server = await listen(t);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it("stores a file from an https URL and from base64, read back by GET /v1/media/{id}", async () => {
    const ws = await testWorkspace(t);
    const client = await mcpClient(server.base, ws.key);
    const fromUrl = await client.callTool({ name: "upload_media", arguments: { url: "https://images.example.com/robin.png" } });
    expect(fromUrl.isError, JSON.stringify(fromUrl.structuredContent)).not.toBe(true);
    expect(fromUrl.structuredContent).toMatchObject({ kind: "image", mimeType: "image/png", width: 640, height: 480, bytes: image.byteLength });
    const uploaded = CallToolResultSchema.parse(fromUrl).structuredContent;
    // GET /v1/media/{id} adds where the file is used and its variants: none yet for a fresh upload.
    expect(await ws.read(`/v1/media/${String(uploaded?.id)}`)).toEqual({ ...uploaded, usedBy: [], variants: [] });
    const inline = await client.callTool({ name: "upload_media", arguments: { base64: Buffer.from(image).toString("base64"), contentType: "image/png" } });
    expect(inline.structuredContent).toMatchObject({ kind: "image", width: 640, height: 480 });
    await client.close();
  });

  it("refuses private addresses, plain http and oversized files without storing anything", async () => {
    const ws = await testWorkspace(t);
    const client = await mcpClient(server.base, ws.key);
    fetched.length = 0;
    for (const url of ["https://127.0.0.1/x.png", "https://169.254.169.254/latest/meta-data", "https://intranet.local/x.png"]) {
      const refused = await client.callTool({ name: "upload_media", arguments: { url } });
      expect(refused.structuredContent, url).toMatchObject({ error: { code: "url_unreachable", param: "url" } });
    }
    expect(fetched).toEqual([]);
    const http = await client.callTool({ name: "upload_media", arguments: { url: "http://images.example.com/robin.png" } });
    expect(http.structuredContent).toMatchObject({ error: { code: "field_invalid", param: "url" } });
    const big = await client.callTool({ name: "upload_media", arguments: { url: "https://images.example.com/big.png" } });
    expect(big.structuredContent).toMatchObject({ error: { code: "body_too_large" } });
    const both = await client.callTool({ name: "upload_media", arguments: { url: "https://images.example.com/robin.png", base64: "AAAA", contentType: "image/png" } });
    expect(both.structuredContent).toMatchObject({ error: { code: "field_invalid", param: "url" } });
    const mismatch = await client.callTool({ name: "upload_media", arguments: { base64: Buffer.from(image).toString("base64"), contentType: "image/jpeg" } });
    expect(mismatch.structuredContent).toMatchObject({ error: { code: "media_type_mismatch" } });
    expect(await t.db.select().from(media).where(eq(media.workspaceId, ws.id))).toEqual([]);
    await client.close();
  });
});
