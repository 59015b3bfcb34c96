import { createHmac } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, inboundRoutes, socialAccounts } from "../../src/db/schema/index.js";
import { newId } from "../../src/infra/ids.js";
import { type TestApp, type TestWorkspace, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    deps: {
      networks: testNetworkDeps({
        appCredentials: { facebook: { clientId: "fb-app", clientSecret: "facebook-app-secret" }, threads: { clientId: "th-app", clientSecret: "threads-app-secret" } },
        metaVerifyToken: "verify-me-please",
      }),
    },
  });
});

const sign = (body: string, secret = "facebook-app-secret") => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** Meta's POST, answered outside /openapi.json (an acknowledgement, or the error envelope). */
const deliver = async (payload: unknown, signature: string | null = "facebook-app-secret") => {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-hub-signature-256"] = signature.startsWith("sha256=") ? signature : sign(body, signature);
  return reply<unknown>(await t.app.request("http://localhost/webhooks/meta", { method: "POST", headers, body }));
};

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now()}${++counter}`;

/** A live connection as the connect flow would store it (live keys reach real networks, which tests never do). */
async function liveAccount(ws: TestWorkspace, platform: "facebook" | "instagram" | "threads", networkUserId: string, options: { page?: string; mode?: "live" | "test" } = {}) {
  const id = newId("acc");
  await t.db.insert(socialAccounts).values({ id, workspaceId: ws.id, platform, mode: options.mode ?? "live", networkUserId, handle: `${platform}-${networkUserId}`, status: "active", scopes: [] });
  if (options.page) await t.db.insert(inboundRoutes).values({ workspaceId: ws.id, accountId: id, platform, objectId: options.page, fields: ["feed", "mention", "messages"] });
  return id;
}

const eventsOf = (ws: TestWorkspace, types = ["comment.received", "mention.received", "message.received"]) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, ws.id), inArray(events.type, types)));

const pageComment = (pageId: string, commentId: string, from = { id: "9001", name: "Ada Visitor" }) => ({
  object: "page",
  entry: [
    {
      id: pageId,
      time: 1795000000,
      changes: [
        {
          field: "feed",
          value: { item: "comment", verb: "add", comment_id: commentId, post_id: `${pageId}_777`, parent_id: `${pageId}_777`, message: "Love this!", from, created_time: 1795000000 },
        },
      ],
    },
  ],
});

describe("GET /webhooks/meta (verification handshake)", () => {
  it("echoes hub.challenge as text when the verify token matches, and refuses with 403 otherwise", async () => {
    const ok = await t.app.request("http://localhost/webhooks/meta?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toBe("1158201444");
    for (const query of ["hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1", "hub.verify_token=verify-me-please&hub.challenge=1", "hub.mode=subscribe&hub.challenge=1"]) {
      const refused = await t.app.request(`http://localhost/webhooks/meta?${query}`);
      expect(refused.status).toBe(403);
      expect((await reply(refused)).error).toMatchObject({ code: "webhook_verify_token_invalid", type: "forbidden" });
    }
  });
});

describe("POST /webhooks/meta", () => {
  it("refuses a missing or wrong signature with 401 and records nothing", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const page = unique("5551");
    await liveAccount(ws, "facebook", unique("u"), { page });
    for (const signature of [null, "not-the-secret", "sha256=00", sign("{}")]) {
      const response = await deliver(pageComment(page, unique("c")), signature);
      expect(response.status).toBe(401);
      expect(response.error).toMatchObject({ code: "unauthorized" });
    }
    expect(await eventsOf(ws)).toHaveLength(0);
  });

  it("records comment.received for every workspace that holds the page, once however often Meta retries", async () => {
    const [a, b] = [await testWorkspace(t, { mode: "live" }), await testWorkspace(t, { mode: "live" })];
    const page = unique("5552");
    const accountA = await liveAccount(a, "facebook", unique("u"), { page });
    const accountB = await liveAccount(b, "facebook", unique("u"), { page });
    const comment = unique("c");
    for (let attempt = 0; attempt < 3; attempt++) expect((await deliver(pageComment(page, comment))).status).toBe(200);
    for (const [ws, account] of [
      [a, accountA],
      [b, accountB],
    ] as const) {
      const recorded = await eventsOf(ws);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]?.type).toBe("comment.received");
      expect(recorded[0]?.data).toEqual({
        account,
        platform: "facebook",
        handle: expect.any(String),
        commentId: comment,
        parentId: null,
        postId: null,
        networkPostId: `${page}_777`,
        author: { id: "9001", handle: "Ada Visitor", displayName: "Ada Visitor" },
        text: "Love this!",
        createdAt: "2026-11-18T11:06:40.000Z",
      });
    }
  });

  it("accepts the signature of any configured Meta app (here Threads') and maps Threads replies, skipping the account's own", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const user = unique("1789");
    const account = await liveAccount(ws, "threads", user);
    const reply = {
      app_id: "1",
      topic: "moderate",
      target_id: user,
      time: 1795000000,
      values: {
        field: "replies",
        value: { id: unique("r"), username: "someone", text: "Nice", timestamp: "2026-11-18T09:46:40+0000", root_post: { id: "root1", owner_id: user }, replied_to: { id: "root1" } },
      },
    };
    expect((await deliver(reply, "threads-app-secret")).status).toBe(200);
    const own = { ...reply, values: { field: "replies", value: { ...reply.values.value, id: unique("r"), username: `threads-${user}` } } };
    expect((await deliver(own, "threads-app-secret")).status).toBe(200);
    const recorded = await eventsOf(ws);
    expect(recorded.map((e) => e.data)).toEqual([
      expect.objectContaining({ account, platform: "threads", networkPostId: "root1", parentId: null, author: { id: null, handle: "someone", displayName: null } }),
    ]);
  });

  it("records message.received with the reply window, and never the account's own replies or echoes", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const page = unique("5553");
    const account = await liveAccount(ws, "facebook", unique("u"), { page });
    const mid = unique("m_");
    const message = (m: Record<string, unknown>, sender = "24680") => ({
      object: "page",
      entry: [{ id: page, time: 1795000000000, messaging: [{ sender: { id: sender }, recipient: { id: page }, timestamp: 1795000000000, message: m }] }],
    });
    expect((await deliver(message({ mid, text: "Hi, are you open?", attachments: [{ type: "image", payload: { url: "https://x" } }] }))).status).toBe(200);
    expect((await deliver(message({ mid: unique("m_"), text: "Yes!", is_echo: true }, page))).status).toBe(200);
    expect((await deliver(pageComment(page, unique("c"), { id: page, name: "The Page" }))).status).toBe(200);
    const recorded = await eventsOf(ws);
    expect(recorded.map((e) => e.data)).toEqual([
      {
        account,
        platform: "facebook",
        handle: expect.any(String),
        from: "24680",
        messageId: mid,
        text: "Hi, are you open?",
        hasAttachments: true,
        receivedAt: "2026-11-18T11:06:40.000Z",
        replyBy: "2026-11-19T11:06:40.000Z",
      },
    ]);
  });

  it("maps Instagram comments and mentions by the professional account id", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const ig = unique("1784");
    const account = await liveAccount(ws, "instagram", ig);
    const body = {
      object: "instagram",
      entry: [
        {
          id: ig,
          time: 1795000000,
          changes: [
            { field: "comments", value: { id: unique("igc"), text: "Where is this?", from: { id: "111", username: "traveller" }, media: { id: "media1", media_product_type: "FEED" } } },
            { field: "mentions", value: { media_id: "media2", comment_id: "comment2" } },
          ],
        },
      ],
    };
    expect((await deliver(body)).status).toBe(200);
    const recorded = await eventsOf(ws);
    expect(recorded.map((e) => [e.type, e.data.account, e.data.networkPostId])).toEqual([
      ["comment.received", account, "media1"],
      ["mention.received", account, "media2"],
    ]);
  });

  it("answers 200 and records nothing for pages nobody here holds, sandbox accounts, or disconnected ones", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const page = unique("5554");
    const gone = await liveAccount(ws, "facebook", unique("u"), { page });
    await t.db.update(socialAccounts).set({ status: "disconnected" }).where(eq(socialAccounts.id, gone));
    const sandboxPage = unique("5555");
    await liveAccount(ws, "facebook", unique("u"), { page: sandboxPage, mode: "test" });
    for (const target of [page, sandboxPage, unique("9999")]) expect((await deliver(pageComment(target, unique("c")))).status).toBe(200);
    expect(await eventsOf(ws)).toHaveLength(0);
  });
});
