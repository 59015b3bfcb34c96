import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseMetaWebhook } from "../../src/domain/inbox/inbound/meta-payload.js";
import { signMetaBody, verifyMetaSignature } from "../../src/domain/inbox/inbound/meta-signature.js";

const now = new Date("2026-11-24T10:00:00.000Z");

describe("parseMetaWebhook", () => {
  it("keeps the readable pieces of a delivery and skips the rest", () => {
    const items = parseMetaWebhook(
      {
        object: "page",
        entry: [
          { id: "1", changes: [{ field: "feed", value: { item: "comment", verb: "add", comment_id: "1_2_3", post_id: "1_2", message: "hi", from: { id: "9" } } }] },
          { id: "1", changes: [{ field: "feed", value: { item: "comment", verb: "edited", comment_id: "1_2_4", post_id: "1_2" } }] },
          { id: "1", changes: [{ field: "feed", value: { item: "reaction", verb: "add", post_id: "1_2", reaction_type: "like" } }] },
          { id: "1", changes: [{ field: "feed", value: "garbage" }, 42, { field: "ratings", value: {} }] },
          { changes: [] },
          "not an entry",
          { id: "1", messaging: [{ sender: { id: "5" }, timestamp: 1795000000000, read: { watermark: 1 } }] },
        ],
      },
      now,
    );
    expect(items).toEqual([expect.objectContaining({ platform: "facebook", objectId: "1", kind: "comment", itemId: "1_2_3", networkPostId: "1_2", parentId: null, text: "hi", createdAt: now })]);
  });

  it("reads Threads' own envelope with `values` as an object or an array, and the Graph-style one", () => {
    const value = { id: "r1", username: "ada", text: "hey", timestamp: "2026-11-24T09:00:00+0000", replied_to: { id: "p1" }, root_post: { id: "p1", owner_id: "42" } };
    const asObject = parseMetaWebhook({ target_id: "42", time: 1795000000, values: { field: "replies", value } }, now);
    const asArray = parseMetaWebhook(
      {
        target_id: 42,
        values: [
          { field: "mentions", value },
          { field: "publish", value },
        ],
      },
      now,
    );
    const graphStyle = parseMetaWebhook({ object: "threads", entry: [{ id: "42", changes: [{ field: "replies", value }] }] }, now);
    expect(asObject).toEqual([expect.objectContaining({ platform: "threads", objectId: "42", kind: "comment", itemId: "r1", networkPostId: "p1", createdAt: new Date("2026-11-24T09:00:00.000Z") })]);
    expect(asArray).toEqual([expect.objectContaining({ objectId: "42", kind: "mention" })]);
    expect(graphStyle).toEqual([expect.objectContaining({ objectId: "42", kind: "comment" })]);
  });

  it("ignores objects it does not handle and bodies of no known shape", () => {
    expect(parseMetaWebhook({ object: "user", entry: [{ id: "1", changes: [{ field: "feed", value: {} }] }] }, now)).toEqual([]);
    expect(parseMetaWebhook([1, 2, 3], now)).toEqual([]);
    expect(parseMetaWebhook(null, now)).toEqual([]);
  });
});

describe("verifyMetaSignature", () => {
  const body = new Uint8Array(new TextEncoder().encode('{"object":"page","entry":[]}'));
  const hex = createHmac("sha256", "app-secret").update(body).digest("hex");

  it("accepts Meta's header for any configured secret, in either hex case, and matches what the sandbox signs", async () => {
    expect(await verifyMetaSignature(body, `sha256=${hex}`, ["other", "app-secret"])).toBe(true);
    expect(await verifyMetaSignature(body, `sha256=${hex.toUpperCase()}`, ["app-secret"])).toBe(true);
    expect(await signMetaBody(body, "app-secret")).toBe(`sha256=${hex}`);
  });

  it("refuses a wrong secret, another body, the legacy sha1 header, a malformed value and no secrets", async () => {
    expect(await verifyMetaSignature(body, `sha256=${hex}`, ["wrong"])).toBe(false);
    expect(await verifyMetaSignature(new Uint8Array(new TextEncoder().encode("{}")), `sha256=${hex}`, ["app-secret"])).toBe(false);
    expect(await verifyMetaSignature(body, `sha1=${createHmac("sha1", "app-secret").update(body).digest("hex")}`, ["app-secret"])).toBe(false);
    expect(await verifyMetaSignature(body, "sha256=zz", ["app-secret"])).toBe(false);
    expect(await verifyMetaSignature(body, undefined, ["app-secret"])).toBe(false);
    expect(await verifyMetaSignature(body, `sha256=${hex}`, [])).toBe(false);
  });
});
