import { jsonToLex, lexicons } from "@atproto/api";
import { afterEach, describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import type { StoredRecord } from "../../src/sandbox/bluesky/repo.js";
import { apiError, connected, type Harness, harnessPerTest, IMAGE_HOST, lastCall } from "./bluesky-harness.js";
import { pngFile, required, sampleMedia, wireAnswer } from "./harness.js";

/**
 * Publishing through the Bluesky adapter against the simulated PDS. Every XRPC exchange is checked
 * against the official lexicons by the harness, and every record the adapter writes (createRecord,
 * applyWrites) is validated as an `app.bsky.feed.*` record here.
 */

const publish = required(blueskyAdapter, "publish");
const findPublished = required(blueskyAdapter, "findPublished");
const deletePost = required(blueskyAdapter, "deletePost");

const fresh = harnessPerTest();
let current: Harness | null = null;
const harness = () => {
  current = fresh();
  return current;
};

/** Records the PDS accepted, by collection. */
function writtenRecords(h: Harness): { collection: string; record: unknown }[] {
  return h.calls.flatMap((call) => {
    if (call.status !== 200) return [];
    const body = call.body as { collection?: string; record?: unknown; writes?: { collection: string; value: unknown }[] } | null;
    if (call.url.pathname === "/xrpc/com.atproto.repo.createRecord" && body?.collection) return [{ collection: body.collection, record: body.record }];
    if (call.url.pathname === "/xrpc/com.atproto.repo.applyWrites") return (body?.writes ?? []).map((w) => ({ collection: w.collection, record: w.value }));
    return [];
  });
}

afterEach(() => {
  const h = current;
  current = null;
  if (!h) return;
  for (const { collection, record } of writtenRecords(h)) {
    expect(() => lexicons.assertValidRecord(collection, jsonToLex(record))).not.toThrow();
  }
});

const request = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_1", ...extra });
const png = (width: number, height: number, alt: string | null = null, seed = 1) => sampleMedia({ kind: "image", mimeType: "image/png", bytes: pngFile(width, height, seed), width, height, alt });

function rkeyOf(uri: string): string {
  return uri.split("/").pop() ?? "";
}

async function storedPost(h: Harness, uri: string): Promise<StoredRecord | null> {
  const [, , did, collection, rkey] = uri.split("/");
  return (await h.deps.store.get<StoredRecord>("bluesky", "record", `${did}/${collection}/${rkey}`))?.data ?? null;
}

/** Reads a post back the way any client would: com.atproto.repo.getRecord. */
async function readBack(h: Harness, uri: string) {
  const [, , did, collection, rkey] = uri.split("/");
  const response = await h.net.fetch(`https://bsky.social/xrpc/com.atproto.repo.getRecord?repo=${did}&collection=${collection}&rkey=${rkey}`);
  return wireAnswer<{ value?: Record<string, unknown>; error?: string }>(response);
}

const bytesOf = (text: string, part: string) => {
  const start = new TextEncoder().encode(text.slice(0, text.indexOf(part))).length;
  return { byteStart: start, byteEnd: start + new TextEncoder().encode(part).length };
};

describe("bluesky publish: text and facets", () => {
  it("writes one app.bsky.feed.post with link, mention and tag facets at UTF-8 byte offsets", async () => {
    const h = harness();
    const bob = await h.seed("bob.bsky.social");
    const { account, tokens } = await connected(h);
    const text = "Grüße ✨ @bob.bsky.social, see https://example.com/a?b=1. #atproto @nobody.example.org";
    const result = await publish(tokens, request(text), h.net);
    expect(result).toMatchObject({ state: "published" });
    if (result.state !== "published") return;
    expect(result.networkPostId).toMatch(new RegExp(`^at://${account.id}/app\\.bsky\\.feed\\.post/[2-7a-z]{13}$`));
    expect(result.url).toBe(`https://bsky.app/profile/alice.bsky.social/post/${rkeyOf(result.networkPostId)}`);

    const create = lastCall(h, "com.atproto.repo.createRecord");
    expect(create?.headers.get("authorization")).toBe(`Bearer ${tokens.accessToken}`);
    expect(create?.body).toMatchObject({ repo: account.id, collection: "app.bsky.feed.post" });
    const { body } = await readBack(h, result.networkPostId);
    expect(body.value).toEqual({
      $type: "app.bsky.feed.post",
      text,
      createdAt: "2026-09-01T10:00:00.000Z",
      facets: [
        { index: bytesOf(text, "@bob.bsky.social"), features: [{ $type: "app.bsky.richtext.facet#mention", did: bob.id }] },
        { index: bytesOf(text, "https://example.com/a?b=1"), features: [{ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/a?b=1" }] },
        { index: bytesOf(text, "#atproto"), features: [{ $type: "app.bsky.richtext.facet#tag", tag: "atproto" }] },
      ],
    });
    // Both handles were resolved on the PDS; the unknown one stays plain text.
    const resolved = h.calls.filter((c) => c.url.pathname === "/xrpc/com.atproto.identity.resolveHandle").map((c) => c.url.searchParams.get("handle"));
    expect(resolved).toEqual(["bob.bsky.social", "nobody.example.org"]);
    // Multi-byte characters before the facets: the offsets are bytes, not string indexes.
    expect(bytesOf(text, "@bob.bsky.social").byteStart).toBe(text.indexOf("@bob") + 4);
  });

  it("adds languages, extra tags and self-labels from the options", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const result = await publish(tokens, request("Olá", { options: { langs: ["pt-BR", "en"], tags: ["#chorus", "sandbox"], contentLabels: ["graphic-media"] } }), h.net);
    if (result.state !== "published") throw new Error("not published");
    expect((await storedPost(h, result.networkPostId))?.value).toMatchObject({
      langs: ["pt-BR", "en"],
      tags: ["chorus", "sandbox"],
      labels: { $type: "com.atproto.label.defs#selfLabels", values: [{ val: "graphic-media" }] },
    });
  });

  it("refuses options of the wrong shape before writing anything", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    for (const [options, param] of [
      [{ langs: ["en", "de", "fr", "es"] }, "langs"],
      [{ contentLabels: ["spoiler"] }, "contentLabels"],
      [{ replyRules: ["everybody"] }, "replyRules"],
      [{ replyTo: "https://example.com/not-a-post" }, "replyTo"],
      [{ linkCard: "yes" }, "linkCard"],
    ] as const) {
      const error = await apiError(publish(tokens, request("hi", { options }), h.net));
      expect(error).toMatchObject({ code: "option_invalid", param: `platformOptions.bluesky.${param}`, platform: "bluesky" });
    }
    expect(h.calls.some((c) => c.url.pathname.endsWith("createRecord") || c.url.pathname.endsWith("uploadBlob"))).toBe(false);
  });

  it("passes the PDS's refusal of text over 300 graphemes through with its message", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const error = await apiError(publish(tokens, request("é".repeat(301)), h.net));
    expect(error).toMatchObject({ code: "platform_rejected", fix: null });
    expect(error.message).toContain("grapheme too big (maximum 300, got 301) at $.record.text");
  });
});

describe("bluesky publish: images", () => {
  it("uploads each image with uploadBlob, then embeds them with alt and aspectRatio", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const first = png(4, 3, "A tiny landscape", 1);
    const second = png(3, 5, null, 2);
    const result = await publish(tokens, request("two pictures", { media: [first, second] }), h.net);
    if (result.state !== "published") throw new Error("not published");
    const uploads = h.calls.filter((c) => c.url.pathname === "/xrpc/com.atproto.repo.uploadBlob");
    expect(uploads.map((c) => c.headers.get("content-type"))).toEqual(["image/png", "image/png"]);
    expect(first.readCount).toBe(1);
    const value = (await readBack(h, result.networkPostId)).body.value;
    const images = (value?.embed as { images: { image: { ref: { $link: string }; size: number }; alt: string; aspectRatio?: unknown }[] }).images;
    expect(value?.embed).toMatchObject({ $type: "app.bsky.embed.images" });
    expect(images.map((i) => [i.alt, i.aspectRatio, i.image.size])).toEqual([
      ["A tiny landscape", { width: 4, height: 3 }, first.bytes],
      ["", { width: 3, height: 5 }, second.bytes],
    ]);
    // The blob is really there: sync.getBlob serves the same bytes.
    const blob = await h.net.fetch(`https://bsky.social/xrpc/com.atproto.sync.getBlob?did=${account.id}&cid=${images[0]?.image.ref.$link}`);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(await first.read());
  });

  it("an image over 1,000,000 bytes is media_too_large (the PDS refuses the record) and nothing is posted", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const big = png(600, 600);
    expect(big.bytes).toBeGreaterThan(1_000_000);
    const error = await apiError(publish(tokens, request("too big", { media: [big] }), h.net));
    expect(error).toMatchObject({ code: "media_too_large", platform: "bluesky", status: 422 });
    expect(error.message).toContain("blob too big (maximum 1000000");
    expect(lastCall(h, "com.atproto.repo.createRecord")?.status).toBe(400);
    const list = await h.net.fetch(`https://bsky.social/xrpc/com.atproto.repo.listRecords?repo=${account.id}&collection=app.bsky.feed.post`);
    expect(await list.json()).toMatchObject({ records: [] });
  });

  it("a file over the PDS upload limit (5 MiB) is media_too_large at uploadBlob", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const huge = sampleMedia({ kind: "image", mimeType: "image/png", size: 5 * 1024 * 1024 + 10 });
    const error = await apiError(publish(tokens, request("huge", { media: [huge] }), h.net));
    expect(error.code).toBe("media_too_large");
    expect(lastCall(h, "com.atproto.repo.uploadBlob")).toMatchObject({ status: 413, response: { error: "PayloadTooLarge" } });
    expect(lastCall(h, "com.atproto.repo.createRecord")).toBeUndefined();
  });
});

describe("bluesky publish: replies, quotes, gates and link cards", () => {
  it("replies with root and parent strong refs, taking the root from a parent that is itself a reply", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const root = await publish(tokens, request("root"), h.net);
    if (root.state !== "published") throw new Error("root not published");
    // The reply option accepts the bsky.app URL as well as the AT URI.
    const first = await publish(tokens, request("first reply", { options: { replyTo: root.url } }), h.net);
    if (first.state !== "published") throw new Error("reply not published");
    const second = await publish(tokens, request("second reply", { options: { replyTo: first.networkPostId } }), h.net);
    if (second.state !== "published") throw new Error("reply not published");
    const rootRef = { uri: root.networkPostId, cid: (await storedPost(h, root.networkPostId))?.cid };
    const firstRef = { uri: first.networkPostId, cid: (await storedPost(h, first.networkPostId))?.cid };
    expect((await storedPost(h, first.networkPostId))?.value.reply).toEqual({ root: rootRef, parent: rootRef });
    expect((await storedPost(h, second.networkPostId))?.value.reply).toEqual({ root: rootRef, parent: firstRef });
  });

  it("a reply to a post that does not exist is option_invalid and nothing is written", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const error = await apiError(publish(tokens, request("hello?", { options: { replyTo: `at://${account.id}/app.bsky.feed.post/3kaaaaaaaaaaa` } }), h.net));
    expect(error).toMatchObject({ code: "option_invalid", param: "platformOptions.bluesky.replyTo" });
    expect(lastCall(h, "com.atproto.repo.createRecord")).toBeUndefined();
  });

  it("quotes a post, alone or with images (recordWithMedia)", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const quoted = await publish(tokens, request("quote me"), h.net);
    if (quoted.state !== "published") throw new Error("not published");
    const ref = { uri: quoted.networkPostId, cid: (await storedPost(h, quoted.networkPostId))?.cid };
    const plain = await publish(tokens, request("quoting", { options: { quote: quoted.networkPostId } }), h.net);
    const withMedia = await publish(tokens, request("quoting with a picture", { media: [png(2, 2)], options: { quote: quoted.url } }), h.net);
    if (plain.state !== "published" || withMedia.state !== "published") throw new Error("not published");
    expect((await storedPost(h, plain.networkPostId))?.value.embed).toEqual({ $type: "app.bsky.embed.record", record: ref });
    expect((await storedPost(h, withMedia.networkPostId))?.value.embed).toMatchObject({
      $type: "app.bsky.embed.recordWithMedia",
      record: { $type: "app.bsky.embed.record", record: ref },
      media: { $type: "app.bsky.embed.images", images: [{ alt: "" }] },
    });
  });

  it("writes the threadgate and postgate with the post in one applyWrites, under the post's record key", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const result = await publish(tokens, request("only people I follow may reply", { options: { replyRules: ["following", "mentioned"], disableQuotes: true } }), h.net);
    if (result.state !== "published") throw new Error("not published");
    expect(lastCall(h, "com.atproto.repo.createRecord")).toBeUndefined();
    const writes = (lastCall(h, "com.atproto.repo.applyWrites")?.body as { writes: { collection: string; rkey: string }[] }).writes;
    const rkey = rkeyOf(result.networkPostId);
    expect(writes.map((w) => [w.collection, w.rkey])).toEqual([
      ["app.bsky.feed.post", rkey],
      ["app.bsky.feed.threadgate", rkey],
      ["app.bsky.feed.postgate", rkey],
    ]);
    const gate = await h.deps.store.get<StoredRecord>("bluesky", "record", `${account.id}/app.bsky.feed.threadgate/${rkey}`);
    expect(gate?.data.value).toMatchObject({
      post: result.networkPostId,
      allow: [{ $type: "app.bsky.feed.threadgate#followingRule" }, { $type: "app.bsky.feed.threadgate#mentionRule" }],
    });
    const postgate = await h.deps.store.get<StoredRecord>("bluesky", "record", `${account.id}/app.bsky.feed.postgate/${rkey}`);
    expect(postgate?.data.value).toMatchObject({ post: result.networkPostId, embeddingRules: [{ $type: "app.bsky.feed.postgate#disableRule" }] });
    // An empty rule list means nobody may reply.
    const closed = await publish(tokens, request("nobody may reply", { options: { replyRules: [] } }), h.net);
    if (closed.state !== "published") throw new Error("not published");
    const closedGate = await h.deps.store.get<StoredRecord>("bluesky", "record", `${account.id}/app.bsky.feed.threadgate/${rkeyOf(closed.networkPostId)}`);
    expect(closedGate?.data.value.allow).toEqual([]);
  });

  it("shows the first link as a card with the page's OpenGraph title, description and thumbnail", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const thumb = pngFile(8, 8);
    h.images.set("/thumb.png", { bytes: thumb, contentType: "image/png" });
    const page = `<html><head><title>Fallback</title><meta property="og:title" content="Chorus &amp; friends">
      <meta name="description" content="One API, ten networks."><meta property="og:image" content="/thumb.png"></head></html>`;
    h.images.set("/article", { bytes: new TextEncoder().encode(page), contentType: "text/html; charset=utf-8" });
    const result = await publish(tokens, request(`Read https://${IMAGE_HOST}/article now`), h.net);
    if (result.state !== "published") throw new Error("not published");
    const embed = (await storedPost(h, result.networkPostId))?.value.embed as { external: { thumb: { size: number } } };
    expect(embed).toMatchObject({
      $type: "app.bsky.embed.external",
      external: { uri: `https://${IMAGE_HOST}/article`, title: "Chorus & friends", description: "One API, ten networks.", thumb: { $type: "blob", mimeType: "image/png" } },
    });
    expect(embed.external.thumb.size).toBe(thumb.byteLength);

    // No card when asked not to, when media is attached, or when the page cannot be read.
    for (const [text, options, media] of [
      [`Read https://${IMAGE_HOST}/article again`, { linkCard: false }, []],
      [`And https://${IMAGE_HOST}/article with a picture`, {}, [png(2, 2)]],
      [`Gone https://${IMAGE_HOST}/missing`, {}, []],
      ["Unreachable https://unreachable.example.net/page", {}, []],
    ] as const) {
      const other = await publish(tokens, request(text, { options, media: [...media] }), h.net);
      if (other.state !== "published") throw new Error("not published");
      const value = (await storedPost(h, other.networkPostId))?.value;
      expect(value?.embed === undefined || (value.embed as { $type: string }).$type === "app.bsky.embed.images").toBe(true);
    }
  });
});

describe("bluesky publish: faults, lost answers and deletion", () => {
  it("answers each sandbox fault with the PDS's failure", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const expectations = [
      ["expired_token", "needs_reauth"],
      ["revoked_permission", "missing_scope"],
      ["rate_limited", "rate_limited"],
      ["down", "platform_unavailable"],
    ] as const;
    for (const [fault, code] of expectations) {
      await h.setFault(account, fault);
      const error = await apiError(publish(tokens, request(`fault ${fault}`), h.net));
      expect(error.code, fault).toBe(code);
      if (fault === "rate_limited") expect(error.headers["Retry-After"]).toBe("300");
    }
    await h.setFault(account, "slow", 2500);
    await expect(publish(tokens, request("slow but fine"), h.net)).resolves.toMatchObject({ state: "published" });
    expect(h.sleeps).toContain(2500);
  });

  it("finds the post after an attempt whose answer was lost, and only that post", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    await publish(tokens, request("an older post"), h.net);
    h.advance(60_000);
    // The PDS writes the record, but the answer never reaches Chorus.
    const lossy: NetworkContext = {
      ...h.net,
      fetch: async (input, init) => {
        const response = await h.net.fetch(input, init);
        if (new URL(new Request(input, init).url).pathname.endsWith("/com.atproto.repo.createRecord")) throw new TypeError("socket hang up");
        return response;
      },
    };
    const lost = request("the post whose answer was lost", { media: [png(2, 2)] });
    expect((await apiError(publish(tokens, lost, lossy))).code).toBe("platform_unavailable");
    h.advance(90_000);
    const found = await findPublished(tokens, lost, h.net);
    const listed = lastCall(h, "com.atproto.repo.listRecords");
    expect(Object.fromEntries(listed?.url.searchParams ?? [])).toEqual({ repo: tokens.extra.did, collection: "app.bsky.feed.post" });
    expect(found?.networkPostId).toMatch(/^at:\/\/did:plc:sandbox/);
    expect((await storedPost(h, found?.networkPostId ?? ""))?.value.text).toBe("the post whose answer was lost");
    expect(found?.url).toContain("https://bsky.app/profile/alice.bsky.social/post/");
    // Other text, or the same text without its image, is not this attempt; nor is a post from long ago.
    expect(await findPublished(tokens, request("never posted"), h.net)).toBeNull();
    expect(await findPublished(tokens, request("the post whose answer was lost"), h.net)).toBeNull();
    h.advance(2 * 60 * 60 * 1000);
    expect(await findPublished(tokens, lost, h.net)).toBeNull();
  });

  it("deletes the post with deleteRecord; a second delete is harmless; other repos are refused", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const result = await publish(tokens, request("short-lived"), h.net);
    if (result.state !== "published") throw new Error("not published");
    await deletePost(tokens, result.networkPostId, h.net);
    expect(lastCall(h, "com.atproto.repo.deleteRecord")?.body).toEqual({ repo: account.id, collection: "app.bsky.feed.post", rkey: rkeyOf(result.networkPostId) });
    const gone = await readBack(h, result.networkPostId);
    expect(gone).toMatchObject({ status: 400, body: { error: "RecordNotFound" } });
    await expect(deletePost(tokens, result.networkPostId, h.net)).resolves.toBeUndefined();
    const other = await apiError(deletePost(tokens, "at://did:plc:someoneelse/app.bsky.feed.post/3kaaaaaaaaaaa", h.net));
    expect(other.code).toBe("platform_rejected");
  });

  it("a deleted session cannot publish (the stored tokens are refused)", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const broken: TokenSet = { ...tokens, accessToken: "not-a-token" };
    expect((await apiError(publish(broken, request("nope"), h.net))).code).toBe("needs_reauth");
  });
});
