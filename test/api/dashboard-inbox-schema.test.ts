import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { workspaces } from "../../src/db/schema/index.js";
import { connect as connectStats, publishText } from "./analytics-helpers.js";
import { connect as connectDm, conversations, messages, receive } from "../support/conversations.js";
import { DashboardSession } from "../support/dashboard-session.js";
import type { Schemas } from "../support/api-types.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * The dashboard's reply and message forms run under the API's rules: read by the API's own
 * schemas (ReplyBody, SendMessageBody), where they used to pass the text on unchecked past the
 * limits REST and the MCP tools refuse, and once per rendering under an idempotency key, as
 * REST's Idempotency-Key and the tools' idempotencyKey, where a double click replied twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type ApiComment = Schemas["Comment"];

/** Every comment on the post through the API, answers included, flattened. */
async function commentsOf(ws: WorkspaceFixture, post: string): Promise<ApiComment[]> {
  const response = await ws.get(`/v1/posts/${post}/comments?nested=true`);
  expect(response.status).toBe(200);
  const flat = (items: ApiComment[]): ApiComment[] => items.flatMap((c) => [c, ...flat(c.replies ?? [])]);
  return flat(response.body.items);
}

describe("dashboard inbox forms under the API's schemas", () => {
  it("refuses a comment reply longer than POST /v1/comments/{id}/replies takes, as REST does, replying nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connectStats(ws, "twitter");
    const post = await publishText(ws, x, "a tweet with a long answer");
    const activity = await ws.post(`/v1/sandbox/social-accounts/${x}/activity`, { action: "reply", post: post.id, actor: "x_dora", text: "hello" });
    expect(activity.status).toBe(201);
    const comment = activity.body.networkId;
    const text = "y".repeat(10_001);
    const rest = await ws.post(`/v1/comments/${encodeURIComponent(comment)}/replies`, { account: x, text });
    expect(rest.status).toBe(400);
    const restError = rest.error;

    const session = await DashboardSession.open(t, ws);
    const refused = await session.submit(`/dashboard/comments/${encodeURIComponent(comment)}/reply`, { account: x, post: post.id, text });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(restError.code);
    expect((await commentsOf(ws, post.id)).filter((c) => c.own)).toEqual([]);
  });

  it("replies once to a reply form sent twice, charging one credit on X", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = await connectStats(ws, "twitter");
    const post = await publishText(ws, x, "a tweet answered with a double click");
    const comment = (await ws.post(`/v1/sandbox/social-accounts/${x}/activity`, { action: "reply", post: post.id, actor: "x_erin", text: "hi" })).body.networkId;
    const balance = async () => {
      const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
      return (row?.creditsMonthly ?? 0) + (row?.creditsPack ?? 0) + (row?.creditsPurchased ?? 0) + (row?.testCreditsMonthly ?? 0) + (row?.testCreditsPack ?? 0);
    };
    const session = await DashboardSession.open(t, ws);
    const page = await session.page(`/dashboard/posts/${post.id}/comments`);
    const action = `/dashboard/comments/${encodeURIComponent(comment)}/reply`;
    const form = page.html.slice(page.html.indexOf(`action="${action}"`));
    const submission = /name="submission" value="([0-9A-Za-z]{32})"/.exec(form)?.[1] ?? "";
    expect(submission).not.toBe("");
    const before = await balance();
    const first = await session.submit(action, { account: x, post: post.id, text: "thanks Erin", submission });
    const again = await session.submit(action, { account: x, post: post.id, text: "thanks Erin", submission });
    expect([first.status, again.status]).toEqual([303, 303]);
    expect(again.location).toBe(first.location);
    expect((await commentsOf(ws, post.id)).filter((c) => c.own)).toHaveLength(1);
    expect(before - (await balance())).toBe(1);
  });

  it("refuses a direct message longer than POST /v1/conversations/{id}/messages takes, sending nothing", async () => {
    const ws = await testWorkspace(t);
    const fb = await connectDm(ws, "facebook");
    expect((await ws.post(`/v1/social-accounts/${fb}/webhook`, {})).status).toBe(200);
    await receive(ws, fb, "Do you ship abroad?");
    const id = (await conversations(ws)).items[0]?.id ?? "";
    const session = await DashboardSession.open(t, ws);
    const refused = await session.submit(`/dashboard/inbox/conversations/${id}/reply`, { account: fb, text: "z".repeat(2001) });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("field_invalid");
    expect((await messages(ws, id)).items).toHaveLength(1);
  });
});
