import { beforeAll, describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { pdf } from "../unit/document-fixtures.js";
import { agentToolCall } from "./mcp-server.js";

/**
 * The agents' tools take the new formats as the API does: `upload_media` stores a PDF for a
 * LinkedIn document post, and `create_post` publishes it with `platformOptions.linkedin.mediaTitle`
 * (and refuses it on a network without documents) under the agent's grant.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const tool = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

describe("formats over MCP", () => {
  it("uploads a PDF and publishes it as a LinkedIn document post; X refuses it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const linkedin = (await ws.connect("linkedin")).id;
    const x = (await ws.connect("twitter")).id;
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["linkedin", "twitter"], actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5 });
    const uploaded = await tool(tokens.access_token, "upload_media", { base64: Buffer.from(pdf(2)).toString("base64"), contentType: "application/pdf" });
    expect(uploaded.isError, JSON.stringify(uploaded.data)).toBe(false);
    expect(uploaded.data).toMatchObject({ kind: "document", mimeType: "application/pdf" });
    const media = [uploaded.data.id];

    const refused = await tool(tokens.access_token, "create_post", { text: "Harbour report", accounts: [x], media });
    expect(refused.data).toMatchObject({ targets: [{ state: "failed", error: { code: "media_type_unsupported" } }] });

    const posted = await tool(tokens.access_token, "create_post", { text: "Harbour report", accounts: [linkedin], media, platformOptions: { linkedin: { mediaTitle: "Harbour report" } } });
    expect(posted.isError, JSON.stringify(posted.data)).toBe(false);
    expect(posted.data).toMatchObject({ targets: [{ platform: "linkedin", state: expect.stringMatching(/^(processing|published)$/) }] });
  });
});
