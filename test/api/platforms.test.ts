import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { PlatformCapabilitiesSchema } from "../../src/networks/platform-capabilities-schema.js";
import { adapters, platformIds } from "../../src/networks/registry.js";
import type { SuccessBody } from "../support/api-types.js";
import { type TestApp, anonymous, createTestApp, errorOf } from "../support/test-app.js";
import { reply } from "../support/workspace-fixture.js";

describe("GET /v1/platforms (public capability registry)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("lists all ten networks without a key, each a valid capability record", async () => {
    const response = await anonymous(t.app)("/v1/platforms");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const { body } = await reply<SuccessBody<"GET", "/v1/platforms">>(response);
    expect(body.cursor).toBeNull();
    const parsed = body.items.map((item) => v.parse(PlatformCapabilitiesSchema, item));
    expect(parsed.map((p) => p.platform)).toEqual([...platformIds]);
  });

  it("states each network's counting rule and media rules as the network sheets give them", async () => {
    const get = async (id: string) => v.parse(PlatformCapabilitiesSchema, await (await anonymous(t.app)(`/v1/platforms/${id}`)).json());
    expect((await get("twitter")).text).toMatchObject({ maxLength: 280, counting: "weighted" });
    expect((await get("bluesky")).text).toMatchObject({ maxLength: 300, counting: "graphemes" });
    expect((await get("threads")).text.maxLength).toBe(500);
    expect((await get("youtube")).media).toMatchObject({ required: true, videoOnly: true });
    expect((await get("tiktok")).media.imageFormats.map((f) => f.toLowerCase()).join(",")).not.toContain("png");
    expect((await get("instagram")).media.aspectRatio).toMatchObject({ min: 0.8, max: 1.91 });
    expect((await get("pinterest")).media.required).toBe(true);
    for (const id of platformIds) {
      const caps = await get(id);
      for (const [name, option] of Object.entries(caps.options)) expect(option.description, `${id}.${name}`).toBeTruthy();
    }
  });

  it("derives reads, engagements, comment moderation and messaging from the adapters' facets", async () => {
    const get = async (id: string) => v.parse(PlatformCapabilitiesSchema, await (await anonymous(t.app)(`/v1/platforms/${id}`)).json());
    for (const id of platformIds) {
      const caps = await get(id);
      const inbox = adapters[id].inbox;
      expect(caps.reads.includes("notifications"), id).toBe(typeof inbox?.listNotifications === "function");
      expect(caps.reads.includes("notifications_seen"), id).toBe(typeof inbox?.markNotificationsSeen === "function");
      expect(caps.reads.includes("comments"), id).toBe(typeof inbox?.listComments === "function");
      expect(caps.comments, id).toEqual({
        reply: typeof inbox?.replyToComment === "function",
        hide: typeof inbox?.hideComment === "function",
        delete: typeof inbox?.deleteComment === "function",
        nested: typeof inbox?.listCommentReplies === "function",
      });
    }
    expect((await get("bluesky")).comments).toEqual({ reply: true, hide: true, delete: true, nested: true });
    expect((await get("twitter")).comments).toEqual({ reply: true, hide: true, delete: true, nested: true });
    expect((await get("bluesky")).reads).toEqual(expect.arrayContaining(["notifications", "notifications_seen"]));
    expect((await get("pinterest")).reads).not.toContain("notifications");
    expect((await get("instagram")).reads).toContain("allowance");
  });

  it("answers an unknown network with 404 platform_unknown", async () => {
    const response = await anonymous(t.app)("/v1/platforms/myspace");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "platform_unknown", param: "platform", type: "not_found" });
  });
});
