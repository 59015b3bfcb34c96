import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { agentRequest, approvedAgent, type GrantForm } from "../support/agent-oauth.js";
import { connect } from "../support/conversations.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { png } from "../unit/media-fixtures.js";

/*
 * GET and DELETE /v1/media/{id} as agents: a narrowed agent reaches its own uploads and those a
 * post within its grant uses, and nothing else (404, as if absent); an agent granted everything
 * and the owner's key reach every upload of the workspace.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const everyAction = ["read", "draft", "publish_or_schedule", "reply_and_message", "engage", "delete"];

async function upload(request: TestWorkspace["request"], width = 64): Promise<string> {
  const response = await request("/v1/media", { method: "POST", headers: { "content-type": "image/png" }, body: png(width, 64) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function publish(ws: TestWorkspace, json: Record<string, unknown>): Promise<void> {
  t.clock.advance(1000);
  const response = await ws.request("/v1/posts", { method: "POST", json: { text: "with a picture", ...json } });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** Two brands: acme (Bluesky and X) and other (Bluesky); agents made with `agent`. */
async function world() {
  const ws = await t.workspace({ plan: "subscription", grantCredits: 100 });
  const acme = ((await (await ws.request("/v1/profiles", { method: "POST", json: { username: "acme" } })).json()) as { id: string }).id;
  await ws.request("/v1/profiles", { method: "POST", json: { username: "other" } });
  const acmeBsky = await connect(ws, "bluesky", { profile: "acme" });
  const acmeX = await connect(ws, "twitter", { profile: "acme" });
  const otherBsky = await connect(ws, "bluesky", { profile: "other" });
  const agent = async (grant: GrantForm) => {
    const { tokens, agentId } = await approvedAgent(t, ws, { actions: everyAction, creditsPerDay: 100, ...grant });
    return { request: agentRequest(t, tokens.access_token), agentId };
  };
  return { ws, acme, acmeBsky, acmeX, otherBsky, agent };
}

const reads = async (request: TestWorkspace["request"], id: string) => (await request(`/v1/media/${id}`)).status;

async function expectAbsent(request: TestWorkspace["request"], id: string) {
  for (const method of ["GET", "DELETE"]) {
    const response = await request(`/v1/media/${id}`, { method });
    expect(response.status, `${method} ${id}`).toBe(404);
    expect((await errorOf(response)).code).toBe("media_unknown");
  }
  const [row] = await t.db.select().from(media).where(eq(media.id, id));
  expect(row, "the refused DELETE left the upload").toBeDefined();
}

describe("media and an agent's grant", () => {
  it("a narrowed agent reaches its own uploads, not the owner's nor another agent's", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const sibling = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const own = await upload(narrowed.request);
    const [row] = await t.db.select().from(media).where(eq(media.id, own));
    expect(row?.uploadedByAgentId).toBe(narrowed.agentId);

    const owners = await upload(w.ws.request);
    const [ownersRow] = await t.db.select().from(media).where(eq(media.id, owners));
    expect(ownersRow?.uploadedByAgentId).toBeNull();
    await expectAbsent(narrowed.request, owners);
    await expectAbsent(sibling.request, own);

    expect(await reads(narrowed.request, own)).toBe(200);
    expect((await narrowed.request(`/v1/media/${own}`, { method: "DELETE" })).status).toBe(200);
    expect(await reads(w.ws.request, own)).toBe(404);
  });

  it("an upload through MCP's upload_media is the agent's own too", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const sibling = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const response = await narrowed.request("/v1/mcp", {
      method: "POST",
      headers: { accept: "application/json, text/event-stream" },
      json: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "upload_media", arguments: { base64: Buffer.from(png(64, 64)).toString("base64"), contentType: "image/png" } } },
    });
    const body = (await response.json()) as { result: { isError?: boolean; structuredContent: { id: string } } };
    expect(body.result.isError, JSON.stringify(body)).not.toBe(true);
    const id = body.result.structuredContent.id;
    expect(await reads(narrowed.request, id)).toBe(200);
    await expectAbsent(sibling.request, id);
  });

  it("a narrowed agent reaches uploads that a post within its grant uses, in media or an override", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const inPost = await upload(w.ws.request, 64);
    const inOverride = await upload(w.ws.request, 65);
    const outside = await upload(w.ws.request, 66);
    const mixed = await upload(w.ws.request, 67);
    await publish(w.ws, { accounts: [w.acmeBsky], media: [inPost] });
    await publish(w.ws, { accounts: [w.acmeBsky], mediaOverrides: { bluesky: [inOverride] } });
    await publish(w.ws, { accounts: [w.otherBsky], media: [outside] });
    await publish(w.ws, { accounts: [w.acmeBsky, w.acmeX], media: [mixed] });

    expect(await reads(narrowed.request, inPost)).toBe(200);
    expect(await reads(narrowed.request, inOverride)).toBe(200);
    // Used only by posts with a target outside the grant: another brand's, or also on X.
    await expectAbsent(narrowed.request, outside);
    await expectAbsent(narrowed.request, mixed);
    expect((await narrowed.request(`/v1/media/${inPost}`, { method: "DELETE" })).status).toBe(200);
  });

  it("a narrowed agent may not delete an upload that a post outside its grant also uses", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const shared = await upload(w.ws.request, 64);
    const own = await upload(narrowed.request, 65);
    await publish(w.ws, { accounts: [w.acmeBsky], media: [shared] });
    await publish(w.ws, { accounts: [w.otherBsky], media: [shared] });
    await publish(w.ws, { accounts: [w.acmeX], mediaOverrides: { twitter: [own] } });
    for (const [id, code] of [
      [shared, "agent_grant_profile"],
      [own, "agent_grant_platform"],
    ] as const) {
      expect(await reads(narrowed.request, id)).toBe(200);
      const refused = await narrowed.request(`/v1/media/${id}`, { method: "DELETE" });
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code, param: "id" });
      const [row] = await t.db.select().from(media).where(eq(media.id, id));
      expect(row, "the refused DELETE left the upload").toBeDefined();
    }
    expect((await w.ws.request(`/v1/media/${shared}`, { method: "DELETE" })).status).toBe(200);
  });

  it("an agent granted every profile and network, and the owner's key, reach every upload", async () => {
    const w = await world();
    const everything = await w.agent({ profiles: "all", platforms: "all" });
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const owners = await upload(w.ws.request);
    const agents = await upload(narrowed.request);
    expect(await reads(everything.request, owners)).toBe(200);
    expect(await reads(everything.request, agents)).toBe(200);
    expect(await reads(w.ws.request, agents)).toBe(200);
    expect((await w.ws.request(`/v1/media/${agents}`, { method: "DELETE" })).status).toBe(200);
  });
});
