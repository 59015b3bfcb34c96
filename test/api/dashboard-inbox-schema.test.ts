import { beforeAll, describe, expect, it } from "vitest";
import { connect as connectStats, publishText } from "./analytics-helpers.js";
import { connect as connectDm, conversations, messages, receive } from "../support/conversations.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, type TestWorkspace, createTestApp } from "../support/test-app.js";

/**
 * The dashboard's reply and message forms are read by the API's own schemas (ReplyBody,
 * SendMessageBody): they used to pass the text on unchecked, past the limits REST and the MCP
 * tools refuse, to the network.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function commentsOf(ws: TestWorkspace, post: string): Promise<{ own: boolean; text: string }[]> {
  const response = await ws.request(`/v1/posts/${post}/comments`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { own: boolean; text: string }[] }).items;
}

describe("dashboard inbox forms under the API's schemas", () => {
  it("refuses a comment reply longer than POST /v1/comments/{id}/replies takes, as REST does, replying nothing", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const x = await connectStats(ws, "twitter");
    const post = await publishText(ws, x, "a tweet with a long answer");
    const activity = await ws.request(`/v1/sandbox/social-accounts/${x}/activity`, { method: "POST", json: { action: "reply", post: post.id, actor: "x_dora", text: "hello" } });
    expect(activity.status).toBe(201);
    const comment = ((await activity.json()) as { networkId: string }).networkId;
    const text = "y".repeat(10_001);
    const rest = await ws.request(`/v1/comments/${encodeURIComponent(comment)}/replies`, { method: "POST", json: { account: x, text } });
    expect(rest.status).toBe(400);
    const restError = ((await rest.json()) as { error: { code: string; param: string } }).error;

    const session = await DashboardSession.open(t, ws);
    const refused = await session.submit(`/dashboard/comments/${encodeURIComponent(comment)}/reply`, { account: x, post: post.id, text });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(restError.code);
    expect((await commentsOf(ws, post.id)).filter((c) => c.own)).toEqual([]);
  });

  it("refuses a direct message longer than POST /v1/conversations/{id}/messages takes, sending nothing", async () => {
    const ws = await t.workspace();
    const fb = await connectDm(ws, "facebook");
    expect((await ws.request(`/v1/social-accounts/${fb}/webhook`, { method: "POST", json: {} })).status).toBe(200);
    await receive(ws, fb, "Do you ship abroad?");
    const id = (await conversations(ws)).items[0]?.id ?? "";
    const session = await DashboardSession.open(t, ws);
    const refused = await session.submit(`/dashboard/inbox/conversations/${id}/reply`, { account: fb, text: "z".repeat(2001) });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("field_invalid");
    expect((await messages(ws, id)).items).toHaveLength(1);
  });
});
