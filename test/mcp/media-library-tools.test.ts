import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { agentRequest, approvedAgent } from "../support/agent-oauth.js";
import { type TestApp, type TestWorkspace, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { mp4, png } from "../unit/media-fixtures.js";
import { type Structured, agentToolCall } from "./mcp-server.js";

/**
 * Issue 29: the media library and upload sessions as MCP tools, for the owner's key and for an
 * agent whose grant shows only its own uploads and the files of posts within its networks.
 */

const PART = 8 * 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A tools/call with an API key or an agent's access token. */
const tool = (bearer: string, name: string, args: Record<string, unknown>) => agentToolCall(t, bearer, name, args);

const errorCode = (result: { data: Structured }) => (result.data.error as { code: string } | undefined)?.code;

const upload = async (ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> => (await ws.upload(bytes, type)).id;

/** Starts a session with the tool, PUTs the parts over HTTP with `send`, completes it with the tool. */
async function uploadInParts(bearer: string, send: TestWorkspace["request"], video: Uint8Array<ArrayBuffer>): Promise<{ session: string; media: Structured }> {
  const started = await tool(bearer, "create_media_upload", { filename: "clip.mp4", contentType: "video/mp4", size: video.byteLength });
  expect(started.isError, JSON.stringify(started.data)).toBe(false);
  const session = started.data as { id: string; partSize: number; parts: { number: number; url: string }[] };
  expect(session.parts.map((p) => p.number)).toEqual([1, 2]);
  for (const part of session.parts) {
    const bytes = video.slice((part.number - 1) * session.partSize, part.number * session.partSize);
    const put = await send(new URL(part.url).pathname, { method: "PUT", headers: { "content-type": "application/octet-stream" }, body: bytes });
    expect(put.status, await put.clone().text()).toBe(200);
  }
  const progress = await tool(bearer, "get_media_upload", { id: session.id });
  expect((progress.data as { received: unknown[] }).received).toHaveLength(2);
  const completed = await tool(bearer, "complete_media_upload", { id: session.id });
  expect(completed.isError, JSON.stringify(completed.data)).toBe(false);
  return { session: session.id, media: completed.data };
}

describe("media library tools over MCP", () => {
  it("the owner lists, reads (with usedBy), deletes and uploads in parts", { timeout: 60_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 5 });
    const bsky = (await ws.connect("bluesky")).id;
    const used = await upload(ws, png(640, 480), "image/png");
    const spare = await upload(ws, png(320, 240), "image/png");
    const postId = (await ws.publish({ text: "with a picture", accounts: [bsky], media: [used], draft: true })).id;

    const all = await tool(ws.key, "list_media", {});
    expect((all.data.items as { id: string }[]).map((m) => m.id).sort()).toEqual([used, spare].sort());
    const unused = await tool(ws.key, "list_media", { unused: true });
    expect((unused.data.items as { id: string }[]).map((m) => m.id)).toEqual([spare]);
    const detail = await tool(ws.key, "get_media", { id: used });
    expect(detail.data).toMatchObject({ id: used, usedBy: [{ post: postId, needsMedia: true }], variants: [] });

    expect(errorCode(await tool(ws.key, "delete_media", { id: used }))).toBe("media_in_use");
    expect((await tool(ws.key, "delete_media", { id: spare })).data).toEqual({ id: spare, deleted: true });
    expect(errorCode(await tool(ws.key, "get_media", { id: spare }))).toBe("media_unknown");
    // Another workspace's ids are simply not found, and its file stays.
    const other = await testWorkspace(t, { plan: "subscription" });
    expect(errorCode(await tool(other.key, "get_media", { id: used }))).toBe("media_unknown");
    expect(errorCode(await tool(other.key, "delete_media", { id: used }))).toBe("media_unknown");
    expect((await tool(other.key, "list_media", {})).data.items).toEqual([]);

    const video = mp4(1280, 720, { timescale: 1000, duration: 5000, mdatBytes: PART + 2048 });
    const { session, media: made } = await uploadInParts(ws.key, ws.request, video);
    expect(made).toMatchObject({ kind: "video", mimeType: "video/mp4", bytes: video.byteLength, width: 1280, height: 720 });
    // Completing again answers the same record.
    expect((await tool(ws.key, "complete_media_upload", { id: session })).data.id).toBe(made.id);
    expect((await tool(ws.key, "list_media", { type: "video" })).data.items).toEqual([expect.objectContaining({ id: made.id })]);
  });

  it("a narrowed agent sees and deletes only what its grant shows, and uploads in parts with its own token", { timeout: 60_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 5 });
    const x = (await ws.connect("twitter")).id;
    await ws.connect("bluesky");
    const outside = await upload(ws, png(640, 480), "image/png");
    await ws.publish({ text: "on X only", accounts: [x], media: [outside], draft: true });
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "draft", "delete"], creditsPerDay: 0 });
    const agent = tokens.access_token;

    expect((await tool(agent, "list_media", {})).data.items).toEqual([]);
    expect(errorCode(await tool(agent, "get_media", { id: outside }))).toBe("media_unknown");
    expect(errorCode(await tool(agent, "delete_media", { id: outside }))).toBe("media_unknown");
    expect(await t.db.select({ id: media.id }).from(media).where(eq(media.id, outside))).toHaveLength(1);

    const video = mp4(640, 360, { timescale: 1000, duration: 3000, mdatBytes: PART + 512 });
    const { media: made } = await uploadInParts(agent, agentRequest(t, agent), video);
    expect((await tool(agent, "list_media", {})).data.items).toEqual([expect.objectContaining({ id: made.id })]);
    expect((await tool(agent, "delete_media", { id: made.id })).data).toEqual({ id: made.id, deleted: true });
  });

  it("a read-only agent may list but not start an upload or delete", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 0 });
    const mine = await upload(ws, png(64, 64), "image/png");
    expect((await tool(tokens.access_token, "list_media", {})).data.items).toEqual([expect.objectContaining({ id: mine })]);
    expect(errorCode(await tool(tokens.access_token, "create_media_upload", { filename: "a.mp4", contentType: "video/mp4", size: 1000 }))).toBe("agent_grant_action");
    expect(errorCode(await tool(tokens.access_token, "delete_media", { id: mine }))).toBe("agent_grant_action");
    expect(await t.db.select({ id: media.id }).from(media).where(eq(media.id, mine))).toHaveLength(1);
  });
});
