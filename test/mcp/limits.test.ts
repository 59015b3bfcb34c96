import { eq } from "drizzle-orm";
import type { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { mcpClient, rawPost, type RunningServer, withMcpTestServer } from "./mcp-server.js";

const whoami = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "whoami", arguments: {} } });

describe("MCP calls count against the workspace's rate limits", () => {
  let t: TestApp;
  let server: RunningServer;
  withMcpTestServer((running) => ({ t, server } = running));

  it("every tools/call counts against apiPerMinute, shared with REST: the next request is 429", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ apiPerMinute: 2 }).where(eq(workspaces.id, ws.id));
    const first = await rawPost(server.base, ws.key, whoami(1));
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await rawPost(server.base, ws.key, whoami(2))).status).toBe(200);
    const refused = await rawPost(server.base, ws.key, whoami(3));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limited", retryable: true } });
    const rest = await fetch(`${server.base}/v1/me`, { headers: { authorization: `Bearer ${ws.key}` } });
    expect(rest.status).toBe(429);
    const client = await mcpClient(server.base, ws.key).catch((error: unknown) => error);
    expect((client as StreamableHTTPError).code).toBe(429);
  });

  it("create_post counts against postsPerMinute like POST /v1/posts: a refusal is a retryable isError and stores nothing", async () => {
    const ws = await testWorkspace(t);
    await t.db.update(workspaces).set({ postsPerMinute: 1 }).where(eq(workspaces.id, ws.id));
    const account = (await ws.connect("twitter", { handle: "mcp-limited" })).id;
    const client = await mcpClient(server.base, ws.key);
    const first = await client.callTool({ name: "create_post", arguments: { text: "one", draft: true, accounts: [account] } });
    expect(first.isError, JSON.stringify(first.structuredContent)).not.toBe(true);
    const second = await client.callTool({ name: "create_post", arguments: { text: "two", draft: true, accounts: [account], idempotencyKey: "limited-2" } });
    expect(second.isError).toBe(true);
    expect(second.structuredContent).toMatchObject({ error: { code: "rate_limited", retryable: true } });
    const publish = await client.callTool({ name: "publish_draft", arguments: { id: (first.structuredContent as { id: string }).id } });
    expect(publish.structuredContent).toMatchObject({ error: { code: "rate_limited" } });
    const rest = await ws.post("/v1/posts", { text: "three", draft: true, accounts: [account] });
    expect(rest.status).toBe(429);
    const posts = await ws.read("/v1/posts");
    expect(posts.items.map((post) => post.state)).toEqual(["draft"]);
    // The refused keyed call stored nothing: once the window passes, the same key runs.
    t.clock.advance(61_000);
    const retried = await client.callTool({ name: "create_post", arguments: { text: "two", draft: true, accounts: [account], idempotencyKey: "limited-2" } });
    expect(retried.isError, JSON.stringify(retried.structuredContent)).not.toBe(true);
    await client.close();
  });
});
