import { describe, expect, it } from "vitest";
import type { StoredRecord } from "../../src/sandbox/bluesky/repo.js";
import { writeRecord } from "../../src/sandbox/bluesky/repo.js";
import { pdsUrlOf } from "../../src/networks/bluesky/connect.js";
import { apiError, bluesky, connected, type Harness, harnessPerTest, IMAGE_HOST, lastCall, PRIVATE_NAME_HOST } from "./bluesky-harness.js";

const harness = harnessPerTest();

const PROFILE = "app.bsky.actor.profile";
const profileKey = (did: string) => `${did}/${PROFILE}/self`;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 5, 6, 7]);

async function profileOf(h: Harness, did: string) {
  return (await h.deps.store.get<StoredRecord>("bluesky", "record", profileKey(did)))?.data ?? null;
}

describe("bluesky updateProfile", () => {
  it("changes only the fields asked for, with swapRecord set to the CID it read", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const before = await profileOf(h, account.id);
    await bluesky.updateProfile(tokens, { displayName: "Alice Sandbox 🌷", bio: "Testing Chorus" }, h.net);
    const put = lastCall(h, "com.atproto.repo.putRecord");
    expect(put?.headers.get("authorization")).toBe(`Bearer ${tokens.accessToken}`);
    expect(put?.body).toMatchObject({ repo: account.id, collection: PROFILE, rkey: "self", swapRecord: before?.cid });
    const after = await profileOf(h, account.id);
    expect(after?.value).toMatchObject({ displayName: "Alice Sandbox 🌷", description: "Testing Chorus", avatar: before?.value.avatar, createdAt: before?.value.createdAt });
    await expect(bluesky.identity(tokens, h.net)).resolves.toMatchObject({ displayName: "Alice Sandbox 🌷" });
  });

  it("creates the record when there is none, with swapRecord null and createdAt", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.deps.store.delete("bluesky", "record", profileKey(account.id));
    await bluesky.updateProfile(tokens, { displayName: "Fresh" }, h.net);
    expect(lastCall(h, "com.atproto.repo.putRecord")?.body).toMatchObject({ swapRecord: null });
    expect((await profileOf(h, account.id))?.value).toEqual({ $type: PROFILE, displayName: "Fresh", createdAt: "2026-09-01T10:00:00.000Z" });
  });

  it("re-reads and retries when the profile changed meanwhile (InvalidSwap), keeping the other edit", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    let raced = false;
    h.beforeCall = async (url) => {
      if (raced || !url.pathname.endsWith("com.atproto.repo.putRecord")) return;
      raced = true;
      // The person edits their bio in the Bluesky app between our read and our write.
      const live = await profileOf(h, account.id);
      await writeRecord(h.deps, account.id, PROFILE, "self", { ...live?.value, description: "Edited in the app" });
    };
    await bluesky.updateProfile(tokens, { displayName: "Renamed" }, h.net);
    const puts = h.calls.filter((c) => c.url.pathname.endsWith("com.atproto.repo.putRecord"));
    expect(puts.map((p) => p.status)).toEqual([400, 200]);
    expect(puts[0]?.response).toMatchObject({ error: "InvalidSwap" });
    expect((await profileOf(h, account.id))?.value).toMatchObject({ displayName: "Renamed", description: "Edited in the app" });
  });

  it("an empty display name clears it", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await bluesky.updateProfile(tokens, { displayName: "" }, h.net);
    expect((await profileOf(h, account.id))?.value.displayName).toBeUndefined();
    await expect(bluesky.identity(tokens, h.net)).resolves.toMatchObject({ displayName: null });
  });

  it("counts graphemes: 64 emoji fit the display name, 65 do not, and nothing is sent", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    await bluesky.updateProfile(tokens, { displayName: "👍🏽".repeat(64) }, h.net);
    const before = h.calls.length;
    const error = await apiError(bluesky.updateProfile(tokens, { displayName: "👍🏽".repeat(65) }, h.net));
    expect(error).toMatchObject({ code: "field_invalid", param: "displayName" });
    expect((await apiError(bluesky.updateProfile(tokens, { bio: "b".repeat(257) }, h.net))).param).toBe("bio");
    expect(h.calls.length).toBe(before);
  });

  it("refuses a NUL or an unpaired surrogate before calling the network", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const before = h.calls.length;
    expect(await apiError(bluesky.updateProfile(tokens, { displayName: "a\u0000b" }, h.net))).toMatchObject({ code: "text_invalid_characters", param: "displayName", retryable: false });
    expect(await apiError(bluesky.updateProfile(tokens, { bio: "a\ud800b" }, h.net))).toMatchObject({ code: "text_invalid_characters", param: "bio" });
    expect(h.calls.length).toBe(before);
  });

  it("the simulator answers hostile profile fields with the PDS's 400 InvalidRequest, never a 500", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    const before = await profileOf(h, account.id);
    const put = (record: Record<string, unknown>) =>
      h.net.fetch(`${pdsUrlOf(tokens, h.net)}/xrpc/com.atproto.repo.putRecord`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ repo: account.id, collection: PROFILE, rkey: "self", record: { $type: PROFILE, ...record } }),
      });
    const hostile: Record<string, unknown>[] = [
      { displayName: "a\u0000b" },
      { description: "a\ud800b" },
      { displayName: "\udc00" },
      { displayName: "x".repeat(641) },
      { displayName: "👍🏽".repeat(65) },
      { description: "é".repeat(1281) },
      { displayName: 5 },
      { displayName: null },
      { description: { nested: true } },
      { displayName: ["a"] },
    ];
    for (const record of hostile) {
      const response = await put(record);
      expect(response.status, JSON.stringify(record).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
    expect(await profileOf(h, account.id)).toEqual(before);
    // These requests are meant to break the lexicon: the official lexicon check agrees with the
    // simulator about each (NUL and unpaired surrogates are the sandbox store's own refusal).
    expect(h.violations.length).toBe(7);
    h.violations.length = 0;
  });

  it("downloads the avatar and banner, uploads them as blobs and references them", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    h.images.set("/me.png", { bytes: PNG, contentType: "image/png" });
    // The server mislabels the JPEG; the format comes from the bytes.
    h.images.set("/banner", { bytes: JPEG, contentType: "application/octet-stream" });
    await bluesky.updateProfile(tokens, { avatarUrl: `https://${IMAGE_HOST}/me.png`, bannerUrl: `https://${IMAGE_HOST}/banner` }, h.net);
    const uploads = h.calls.filter((c) => c.url.pathname.endsWith("com.atproto.repo.uploadBlob"));
    expect(uploads.map((u) => u.headers.get("content-type"))).toEqual(["image/png", "image/jpeg"]);
    const value = (await profileOf(h, account.id))?.value;
    expect(value?.avatar).toMatchObject({ $type: "blob", mimeType: "image/png", size: PNG.byteLength });
    expect(value?.banner).toMatchObject({ $type: "blob", mimeType: "image/jpeg", size: JPEG.byteLength });
    const identity = await bluesky.identity(tokens, h.net);
    const served = await h.net.fetch(String(identity.avatarUrl));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("refuses images Bluesky would refuse, before writing anything", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const big = new Uint8Array(1_000_001);
    big.set(PNG);
    h.images.set("/big.png", { bytes: big, contentType: "image/png" });
    h.images.set("/anim.gif", { bytes: new TextEncoder().encode("GIF89a...."), contentType: "image/gif" });
    const before = h.calls.length;
    expect(await apiError(bluesky.updateProfile(tokens, { avatarUrl: `https://${IMAGE_HOST}/big.png` }, h.net))).toMatchObject({ code: "media_too_large", param: "avatarUrl" });
    expect(await apiError(bluesky.updateProfile(tokens, { bannerUrl: `https://${IMAGE_HOST}/anim.gif` }, h.net))).toMatchObject({ code: "media_type_unsupported", param: "bannerUrl" });
    expect(await apiError(bluesky.updateProfile(tokens, { avatarUrl: `http://${IMAGE_HOST}/me.png` }, h.net))).toMatchObject({ code: "field_invalid", param: "avatarUrl" });
    expect(await apiError(bluesky.updateProfile(tokens, { avatarUrl: `https://${IMAGE_HOST}/missing.png` }, h.net))).toMatchObject({ code: "url_unreachable", param: "avatarUrl" });
    expect(await apiError(bluesky.updateProfile(tokens, { avatarUrl: "not a url" }, h.net))).toMatchObject({ code: "field_invalid", param: "avatarUrl" });
    expect(h.calls.length).toBe(before);
  });

  it("refuses image URLs on private addresses, or redirecting to one or to http, with one generic error and nothing fetched or written", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    h.images.set("/me.png", { bytes: PNG, contentType: "image/png" });
    h.redirects.set("/to-metadata", "https://169.254.169.254/latest/meta-data/");
    h.redirects.set("/to-loopback", "https://[::1]:8443/a.png");
    h.redirects.set("/to-http", `http://${IMAGE_HOST}/me.png`);
    const before = h.calls.length;
    const refused = [
      "https://127.0.0.1:8443/a.png",
      "https://2130706433:8443/a.png",
      "https://0x7f.1/a.png",
      "https://[::ffff:127.0.0.1]/a.png",
      "https://0.0.0.0/a.png",
      "https://localhost/a.png",
      `https://${PRIVATE_NAME_HOST}/a.png`,
      `https://${IMAGE_HOST}/to-metadata`,
      `https://${IMAGE_HOST}/to-loopback`,
      `https://${IMAGE_HOST}/to-http`,
    ];
    const messages = new Set<string>();
    for (const avatarUrl of refused) {
      const error = await apiError(bluesky.updateProfile(tokens, { avatarUrl }, h.net));
      expect(error, avatarUrl).toMatchObject({ code: "url_unreachable", param: "avatarUrl", platform: null });
      messages.add(`${error.message}|${error.fix}`);
    }
    expect(messages.size).toBe(1);
    // Only the three redirecting public URLs were asked for; no hop after them, no direct private address.
    expect(h.userFetches).toEqual([`https://${IMAGE_HOST}/to-metadata`, `https://${IMAGE_HOST}/to-loopback`, `https://${IMAGE_HOST}/to-http`]);
    expect(h.calls.length).toBe(before);
  });

  it("an expired session refuses the write with needs_reauth", async () => {
    const h = harness();
    const { account, tokens } = await connected(h);
    await h.setFault(account, "expired_token");
    expect((await apiError(bluesky.updateProfile(tokens, { displayName: "x" }, h.net))).code).toBe("needs_reauth");
    expect(lastCall(h, "com.atproto.repo.putRecord")?.response).toMatchObject({ error: "ExpiredToken" });
  });
});
