import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { agentRequest, approvedAgent, type GrantForm } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace, workspaceFixture } from "../support/workspace-fixture.js";
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

const upload = async (who: WorkspaceFixture, width = 64): Promise<string> => (await who.upload(png(width, 64), "image/png")).id;

async function publish(ws: WorkspaceFixture, body: Record<string, unknown>): Promise<void> {
  t.clock.advance(1000);
  await ws.publish({ text: "with a picture", ...body });
}

/** Two brands: acme (Bluesky and X) and other (Bluesky); agents made with `agent`. */
async function world() {
  const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 100 });
  const acme = (await ws.createProfile({ username: "acme" })).id;
  await ws.createProfile({ username: "other" });
  const acmeBsky = (await ws.connect("bluesky", { profile: "acme" })).id;
  const acmeX = (await ws.connect("twitter", { profile: "acme" })).id;
  const otherBsky = (await ws.connect("bluesky", { profile: "other" })).id;
  /** An agent's typed calls over its access token. */
  const agent = async (grant: GrantForm) => {
    const { tokens, agentId } = await approvedAgent(t, ws, { actions: everyAction, creditsPerDay: 100, ...grant });
    return Object.assign(workspaceFixture(t, { id: ws.id, key: tokens.access_token, keyId: agentId, request: agentRequest(t, tokens.access_token) }), { agentId });
  };
  return { ws, acme, acmeBsky, acmeX, otherBsky, agent };
}

const reads = async (who: WorkspaceFixture, id: string) => (await who.get(`/v1/media/${id}`)).status;

async function expectAbsent(who: WorkspaceFixture, id: string) {
  for (const method of ["GET", "DELETE"] as const) {
    const response = await who.call(method, `/v1/media/${id}`);
    expect(response.status, `${method} ${id}`).toBe(404);
    expect(response.error.code).toBe("media_unknown");
  }
  const [row] = await t.db.select().from(media).where(eq(media.id, id));
  expect(row, "the refused DELETE left the upload").toBeDefined();
}

describe("media and an agent's grant", () => {
  it("a narrowed agent reaches its own uploads, not the owner's nor another agent's", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const sibling = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const own = await upload(narrowed);
    const [row] = await t.db.select().from(media).where(eq(media.id, own));
    expect(row?.uploadedByAgentId).toBe(narrowed.agentId);

    const owners = await upload(w.ws);
    const [ownersRow] = await t.db.select().from(media).where(eq(media.id, owners));
    expect(ownersRow?.uploadedByAgentId).toBeNull();
    await expectAbsent(narrowed, owners);
    await expectAbsent(sibling, own);

    expect(await reads(narrowed, own)).toBe(200);
    expect((await narrowed.delete(`/v1/media/${own}`)).status).toBe(200);
    expect(await reads(w.ws, own)).toBe(404);
  });

  it("an upload through MCP's upload_media is the agent's own too", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const sibling = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const base64 = Buffer.from(png(64, 64)).toString("base64");
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "upload_media", arguments: { base64, contentType: "image/png" } } };
    const answer = await narrowed.post("/v1/mcp", call, { headers: { accept: "application/json, text/event-stream" } });
    expect(answer.status, answer.text).toBe(200);
    // The documented answer leaves `result` open; the protocol's schema reads the tool's result.
    const result = CallToolResultSchema.parse(answer.body?.result);
    expect(result.isError, answer.text).not.toBe(true);
    const id = String(result.structuredContent?.id);
    expect(await reads(narrowed, id)).toBe(200);
    await expectAbsent(sibling, id);
  });

  it("a narrowed agent reaches uploads that a post within its grant uses, in media or an override", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const inPost = await upload(w.ws, 64);
    const inOverride = await upload(w.ws, 65);
    const outside = await upload(w.ws, 66);
    const mixed = await upload(w.ws, 67);
    await publish(w.ws, { accounts: [w.acmeBsky], media: [inPost] });
    await publish(w.ws, { accounts: [w.acmeBsky], mediaOverrides: { bluesky: [inOverride] } });
    await publish(w.ws, { accounts: [w.otherBsky], media: [outside] });
    await publish(w.ws, { accounts: [w.acmeBsky, w.acmeX], media: [mixed] });

    expect(await reads(narrowed, inPost)).toBe(200);
    expect(await reads(narrowed, inOverride)).toBe(200);
    // Used only by posts with a target outside the grant: another brand's, or also on X.
    await expectAbsent(narrowed, outside);
    await expectAbsent(narrowed, mixed);
    expect((await narrowed.delete(`/v1/media/${inPost}`)).status).toBe(200);
  });

  it("a narrowed agent may not delete an upload that a post outside its grant also uses", async () => {
    const w = await world();
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const shared = await upload(w.ws, 64);
    const own = await upload(narrowed, 65);
    await publish(w.ws, { accounts: [w.acmeBsky], media: [shared] });
    await publish(w.ws, { accounts: [w.otherBsky], media: [shared] });
    await publish(w.ws, { accounts: [w.acmeX], mediaOverrides: { twitter: [own] } });
    for (const [id, code] of [
      [shared, "agent_grant_profile"],
      [own, "agent_grant_platform"],
    ] as const) {
      expect(await reads(narrowed, id)).toBe(200);
      const refused = await narrowed.delete(`/v1/media/${id}`);
      expect(refused.status).toBe(403);
      expect(refused.error).toMatchObject({ code, param: "id" });
      const [row] = await t.db.select().from(media).where(eq(media.id, id));
      expect(row, "the refused DELETE left the upload").toBeDefined();
    }
    expect((await w.ws.delete(`/v1/media/${shared}`)).status).toBe(200);
  });

  it("an agent granted every profile and network, and the owner's key, reach every upload", async () => {
    const w = await world();
    const everything = await w.agent({ profiles: "all", platforms: "all" });
    const narrowed = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const owners = await upload(w.ws);
    const agents = await upload(narrowed);
    expect(await reads(everything, owners)).toBe(200);
    expect(await reads(everything, agents)).toBe(200);
    expect(await reads(w.ws, agents)).toBe(200);
    expect((await w.ws.delete(`/v1/media/${agents}`)).status).toBe(200);
  });
});
