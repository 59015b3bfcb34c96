import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { connect, conversations, messages, receive, send } from "../support/conversations.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/** Networks without direct messages, and bad input: refusals with the spec's envelope, nothing sent. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("networks without direct messages", () => {
  it("are problems entries on the list, never an empty success, and GET /v1/platforms says the same", async () => {
    const ws = await testWorkspace(t);
    const refused: PlatformId[] = ["tiktok", "youtube", "pinterest", "linkedin", "threads", "googlebusiness"];
    const ids = new Map<string, PlatformId>();
    for (const platform of refused) ids.set(await connect(ws, platform), platform);
    const page = await conversations(ws);
    expect(page.items).toEqual([]);
    expect(page.cursor).toBeNull();
    expect(page.problems.map((p) => [p.platform, p.code, p.retryable]).sort()).toEqual(refused.map((p) => [p, "capability_unsupported", false]).sort());

    const platforms = (await ws.get("/v1/platforms")).body;
    const list = Array.isArray(platforms) ? platforms : (platforms.items ?? []);
    const messaging = Object.fromEntries(list.map((p) => [p.platform, p.messaging]));
    for (const platform of refused) expect(messaging[platform]).toEqual([]);
    for (const platform of ["facebook", "instagram", "twitter", "bluesky"]) expect(messaging[platform]).toEqual(["conversations", "messages", "send"]);
  });

  it("an account on such a network, named in `account`, is a problems entry too", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "threads");
    expect(await conversations(ws, `?account=${account}`)).toEqual({ items: [], cursor: null, problems: [expect.objectContaining({ account, platform: "threads", code: "capability_unsupported" })] });
  });
});

describe("bad input", () => {
  it("answers the spec's envelope with param and fix, never a 500, and sends nothing", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "facebook");
    await ws.post(`/v1/social-accounts/${account}/webhook`, {});
    await receive(ws, account, "hello");
    const id = (await conversations(ws)).items[0]?.id ?? "";

    expect((await ws.get("/v1/conversations?limit=0")).error).toMatchObject({ code: "field_invalid", param: "limit" });
    expect((await ws.get("/v1/conversations?limit=101")).error).toMatchObject({ code: "field_invalid", param: "limit" });
    expect((await ws.get("/v1/conversations?account=nope")).error).toMatchObject({ code: "field_invalid", param: "account" });
    expect((await ws.get("/v1/conversations?cursor=abc.def")).error).toMatchObject({ code: "cursor_invalid", param: "cursor" });
    expect((await ws.get("/v1/conversations?folder=inbox")).error).toMatchObject({ code: "field_unknown" });
    expect((await ws.get(`/v1/conversations/${id}/messages?limit=500`)).error).toMatchObject({ code: "field_invalid", param: "limit" });
    expect((await ws.get("/v1/conversations/cnv_garbage!/messages")).error).toMatchObject({ code: "resource_not_found", param: "id" });
    expect((await ws.get("/v1/conversations/t_123/messages")).error).toMatchObject({ code: "resource_not_found", param: "id" });

    expect(await errorOf(await send(ws, id, { text: "no account" }))).toMatchObject({ code: "field_required", param: "account" });
    expect(await errorOf(await send(ws, id, { account }))).toMatchObject({ code: "text_required", param: "text" });
    expect(await errorOf(await send(ws, id, { account, text: "   " }))).toMatchObject({ code: "text_required", param: "text" });
    expect(await errorOf(await send(ws, id, { account, text: "x".repeat(2001) }))).toMatchObject({ code: "field_invalid", param: "text" });
    expect(await errorOf(await send(ws, id, { account, text: "hi", humanAgent: "yes" }))).toMatchObject({ code: "field_wrong_type", param: "humanAgent" });
    expect(await errorOf(await send(ws, id, { account, text: "hi", priority: "high" }))).toMatchObject({ code: "field_unknown" });
    expect(await errorOf(await send(ws, id, { account, text: "hi", media: ["med_unknown1"] }))).toMatchObject({ code: "media_unknown", param: "media[0]" });
    const other = await connect(ws, "facebook");
    expect(await errorOf(await send(ws, id, { account: other, text: "wrong account" }))).toMatchObject({ code: "resource_not_found", param: "id" });
    expect((await messages(ws, id)).items).toHaveLength(1);
  });
});
