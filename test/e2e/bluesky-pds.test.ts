import { AtpAgent } from "@atproto/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/infra/errors.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { pngFile, sampleMedia } from "../networks/harness.js";
import { loadDevEnv, type LocalPds, startLocalPds } from "../support/pds.js";
import { skipWithout } from "../support/required-service.js";

/**
 * The Bluesky adapter against a REAL local PDS (@atproto/dev-env, PLC + PDS, no AppView): the
 * requests, tokens and error bodies here are the reference implementation's, not the simulator's.
 */

const loaded = await loadDevEnv();
skipWithout("pds", loaded, "the Bluesky adapter against a local PDS (@atproto/dev-env could not be loaded)");

const HANDLE = "alice.test";
const MAIN_PASSWORD = "alice-main-password";
const IMAGE_HOST = "images.example.test";
// A 1x1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`missing ${name}`);
  return value;
}
const login = required(blueskyAdapter.loginWithPassword, "loginWithPassword");
const updateProfile = required(blueskyAdapter.updateProfile, "updateProfile");
const revoke = required(blueskyAdapter.revoke, "revoke");

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe.skipIf(!loaded.ok)("bluesky adapter against a local PDS", () => {
  let pds: LocalPds | null = null;
  let net: NetworkContext;
  let agent: AtpAgent;
  let did: string;
  let appPassword: string;

  beforeAll(async () => {
    if (!loaded.ok) return;
    pds = await startLocalPds(loaded.devEnv);
    const url = pds.url;
    net = {
      now: () => new Date(),
      config: { clientId: "", clientSecret: "", redirectUri: "", serviceUrl: url },
      fetch: (input, init) => fetch(input, init),
      // Profile images come from a host the test serves itself, through the outbound guard.
      fetchUserUrl: createGuardedFetch({
        resolve: async () => ["93.184.216.34"],
        fetch: async (input, init) =>
          new URL(new Request(input, init).url).host === IMAGE_HOST ? new Response(PNG, { headers: { "content-type": "image/png" } }) : new Response("missing", { status: 404 }),
      }),
    };
    agent = new AtpAgent({ service: url });
    await agent.createAccount({ email: "alice@test.com", handle: HANDLE, password: MAIN_PASSWORD });
    did = required(agent.session?.did, "session did");
    const created = await agent.com.atproto.server.createAppPassword({ name: "chorus-test" });
    appPassword = created.data.password;
    const avatar = await agent.uploadBlob(PNG, { encoding: "image/png" });
    await agent.com.atproto.repo.putRecord({
      repo: did,
      collection: "app.bsky.actor.profile",
      rkey: "self",
      record: { $type: "app.bsky.actor.profile", displayName: "Alice Local", avatar: avatar.data.blob },
    });
  });

  afterAll(async () => {
    await pds?.close();
  });

  it("connects with the handle and an app password", async () => {
    expect(appPassword).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const tokens = await login({ identifier: HANDLE, password: appPassword }, net);
    expect(tokens.scopes).toEqual(["com.atproto.appPass"]);
    expect(tokens.extra).toMatchObject({ did, handle: HANDLE, pdsUrl: pds?.url, mainPassword: false, warning: null });
    // Expiry comes from the real JWTs: about 2 hours and 90 days.
    const accessLeft = Date.parse(String(tokens.expiresAt)) - Date.now();
    expect(accessLeft).toBeGreaterThan(110 * 60_000);
    expect(accessLeft).toBeLessThanOrEqual(120 * 60_000);
    expect(Date.parse(String(tokens.refreshExpiresAt)) - Date.now()).toBeGreaterThan(89 * 24 * 3_600_000);
  });

  it("refuses a wrong app password with the clear app-password error", async () => {
    const error = await apiError(login({ identifier: HANDLE, password: "aaaa-bbbb-cccc-dddd" }, net));
    expect(error).toMatchObject({ code: "field_invalid", param: "appPassword", platform: "bluesky" });
    expect(error.fix).toContain("Settings > Privacy and security > App passwords");
  });

  it("warns when the main password was used", async () => {
    const tokens = await login({ identifier: `@${HANDLE.toUpperCase()}`, password: MAIN_PASSWORD }, net);
    expect(tokens.scopes).toEqual(["com.atproto.access"]);
    expect(tokens.extra.mainPassword).toBe(true);
  });

  it("reads the identity from the session and the profile record", async () => {
    const tokens = await login({ identifier: HANDLE, password: appPassword }, net);
    const identity = await blueskyAdapter.identity(tokens, net);
    expect(identity).toMatchObject({ networkUserId: did, handle: HANDLE, displayName: "Alice Local" });
    const avatar = await fetch(String(identity.avatarUrl));
    expect(avatar.status).toBe(200);
    expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(PNG);
  });

  it("refreshes with rotation; the new session works and a deleted session cannot refresh", async () => {
    const first = await login({ identifier: HANDLE, password: appPassword }, net);
    const second = await blueskyAdapter.refresh(first, net);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.extra).toMatchObject({ did, pdsUrl: pds?.url });
    await expect(blueskyAdapter.identity(second, net)).resolves.toMatchObject({ networkUserId: did });
    // The PDS keeps the rotated token usable for a grace period, so a retry after a lost answer works.
    await expect(blueskyAdapter.refresh(first, net)).resolves.toMatchObject({ extra: { did } });

    await revoke(second, net);
    const refused = await apiError(blueskyAdapter.refresh(second, net));
    expect(refused.code).toBe("needs_reauth");
    await expect(revoke(second, net)).resolves.toBeUndefined();
  });

  it("a garbled access token is needs_reauth (400 InvalidToken)", async () => {
    const tokens = await login({ identifier: HANDLE, password: appPassword }, net);
    const broken: TokenSet = { ...tokens, accessToken: `${tokens.accessToken.slice(0, -4)}AAAA` };
    expect((await apiError(blueskyAdapter.identity(broken, net))).code).toBe("needs_reauth");
  });

  it("updates the profile record with swap semantics, keeping the other fields", async () => {
    const tokens = await login({ identifier: HANDLE, password: appPassword }, net);
    const before = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.actor.profile", rkey: "self" });
    await updateProfile(tokens, { displayName: "Alice via Chorus", bio: "Connected from a test 🌱" }, net);
    const after = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.actor.profile", rkey: "self" });
    expect(after.data.cid).not.toBe(before.data.cid);
    expect(after.data.value).toMatchObject({ displayName: "Alice via Chorus", description: "Connected from a test 🌱" });
    expect(JSON.stringify((after.data.value as { avatar?: unknown }).avatar)).toBe(JSON.stringify((before.data.value as { avatar?: unknown }).avatar));
    await expect(blueskyAdapter.identity(tokens, net)).resolves.toMatchObject({ displayName: "Alice via Chorus" });

    await updateProfile(tokens, { avatarUrl: `https://${IMAGE_HOST}/me.png` }, net);
    const identity = await blueskyAdapter.identity(tokens, net);
    expect(new Uint8Array(await (await fetch(String(identity.avatarUrl))).arrayBuffer())).toEqual(PNG);
  });
});

describe.skipIf(!loaded.ok)("bluesky adapter against a local PDS with rate limits on", () => {
  let pds: LocalPds | null = null;
  let net: NetworkContext;

  beforeAll(async () => {
    if (!loaded.ok) return;
    pds = await startLocalPds(loaded.devEnv, { rateLimitsEnabled: true });
    net = { fetch, now: () => new Date(), config: { clientId: "", clientSecret: "", redirectUri: "", serviceUrl: pds.url } };
    await new AtpAgent({ service: pds.url }).createAccount({ email: "bob@test.com", handle: "bob.test", password: "bob-main-password" });
  });

  afterAll(async () => {
    await pds?.close();
  });

  it("the 31st login in five minutes is rate_limited, with Retry-After from RateLimit-Reset", async () => {
    // createSession allows 30 per 5 minutes per identifier and IP; the PDS counts before checking
    // the password, so wrong passwords spend the budget too. Sent together to skip the 350 ms
    // anti-timing delay of each login.
    const attempts = await Promise.all(
      Array.from({ length: 32 }, () =>
        login({ identifier: "bob.test", password: "aaaa-bbbb-cccc-dddd" }, net).then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    const limited = attempts.filter((e): e is ApiError => e instanceof ApiError && e.code === "rate_limited");
    expect(limited.length).toBeGreaterThan(0);
    const wait = Number(limited[0]?.headers["Retry-After"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(300);
    expect(attempts.filter((e) => e instanceof ApiError && e.code === "field_invalid").length).toBe(30);
  });
});

describe.skipIf(!loaded.ok)("bluesky publishing against a local PDS", () => {
  const publish = required(blueskyAdapter.publish, "publish");
  const findPublished = required(blueskyAdapter.findPublished, "findPublished");
  const deletePost = required(blueskyAdapter.deletePost, "deletePost");
  let pds: LocalPds | null = null;
  let net: NetworkContext;
  let agent: AtpAgent;
  let tokens: TokenSet;
  let did: string;
  let bobDid: string;

  const post = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_pds", ...extra });
  const rkeyOf = (uri: string) => uri.split("/").pop() ?? "";
  const byteRange = (text: string, part: string) => {
    const start = new TextEncoder().encode(text.slice(0, text.indexOf(part))).length;
    return { byteStart: start, byteEnd: start + new TextEncoder().encode(part).length };
  };
  const published = async (request: PublishRequest) => {
    const result = await publish(tokens, request, net);
    if (result.state !== "published") throw new Error(`expected published, got ${result.state}`);
    return result;
  };

  beforeAll(async () => {
    if (!loaded.ok) return;
    pds = await startLocalPds(loaded.devEnv);
    net = { fetch, now: () => new Date(), config: { clientId: "", clientSecret: "", redirectUri: "", serviceUrl: pds.url } };
    const bob = new AtpAgent({ service: pds.url });
    await bob.createAccount({ email: "bob@test.com", handle: "bob.test", password: "bob-main-password" });
    bobDid = required(bob.session?.did, "bob did");
    agent = new AtpAgent({ service: pds.url });
    await agent.createAccount({ email: "alice@test.com", handle: HANDLE, password: MAIN_PASSWORD });
    did = required(agent.session?.did, "session did");
    const appPassword = (await agent.com.atproto.server.createAppPassword({ name: "chorus-publish" })).data.password;
    tokens = await login({ identifier: HANDLE, password: appPassword }, net);
  });

  afterAll(async () => {
    await pds?.close();
  });

  it("publishes text with a link, a mention and a hashtag plus an image; reads it back; deletes it", async () => {
    const text = "Hej 👋 @bob.test look at https://example.com/chorus?x=1 #atproto";
    const image = sampleMedia({ kind: "image", mimeType: "image/png", bytes: pngFile(6, 4), width: 6, height: 4, alt: "Six by four" });
    const result = await published(post(text, { media: [image], options: { langs: ["en"] } }));
    expect(result.networkPostId).toMatch(new RegExp(`^at://${did}/app\\.bsky\\.feed\\.post/[2-7a-z]{13}$`));
    expect(result.url).toBe(`https://bsky.app/profile/${HANDLE}/post/${rkeyOf(result.networkPostId)}`);

    const read = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.post", rkey: rkeyOf(result.networkPostId) });
    const value = read.data.value as {
      text: string;
      langs: string[];
      facets: unknown[];
      embed: { $type: string; images: { alt: string; aspectRatio: unknown; image: { ref: { toString(): string }; size: number; mimeType: string } }[] };
    };
    expect(value.text).toBe(text);
    expect(value.langs).toEqual(["en"]);
    // The offsets are UTF-8 bytes (the emoji before the mention is four of them), and the mention carries bob's DID.
    expect(value.facets).toEqual([
      { index: byteRange(text, "@bob.test"), features: [{ $type: "app.bsky.richtext.facet#mention", did: bobDid }] },
      { index: byteRange(text, "https://example.com/chorus?x=1"), features: [{ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/chorus?x=1" }] },
      { index: byteRange(text, "#atproto"), features: [{ $type: "app.bsky.richtext.facet#tag", tag: "atproto" }] },
    ]);
    expect(byteRange(text, "@bob.test")).toEqual({ byteStart: 9, byteEnd: 18 });
    expect(value.embed.$type).toBe("app.bsky.embed.images");
    const embedded = value.embed.images[0];
    expect(embedded).toMatchObject({ alt: "Six by four", aspectRatio: { width: 6, height: 4 } });
    expect(embedded?.image).toMatchObject({ mimeType: "image/png", size: image.bytes });
    // The blob is stored on the PDS: sync.getBlob serves the bytes that were uploaded.
    const blob = await agent.com.atproto.sync.getBlob({ did, cid: String(embedded?.image.ref.toString()) });
    expect(new Uint8Array(blob.data)).toEqual(await image.read());

    await deletePost(tokens, result.networkPostId, net);
    const gone = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.post", rkey: rkeyOf(result.networkPostId) }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((gone as { error?: string } | null)?.error).toBe("RecordNotFound");
    // Deleting again is harmless: the PDS answers 200 for a record that is gone.
    await expect(deletePost(tokens, result.networkPostId, net)).resolves.toBeUndefined();
  });

  it("an image over 1,000,000 bytes is refused by the PDS at createRecord as media_too_large", async () => {
    const big = sampleMedia({ kind: "image", mimeType: "image/png", bytes: pngFile(600, 600), width: 600, height: 600 });
    expect(big.bytes).toBeGreaterThan(1_000_000);
    const error = await apiError(publish(tokens, post("too big for a post", { media: [big] }), net));
    expect(error.code).toBe("media_too_large");
    expect(error.message).toMatch(/blob too big \(maximum 1000000, got \d+\) at \$\.record\.embed\.images\[0\]\.image/);
  });

  it("replies, gates replies and quotes in one applyWrites, and finds a post again by its text", async () => {
    const root = await published(post("root post for a thread"));
    const reply = await published(post("a gated reply", { options: { replyTo: root.url, replyRules: ["mentioned"], disableQuotes: true } }));
    const rkey = rkeyOf(reply.networkPostId);
    const replyRecord = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.post", rkey });
    expect(replyRecord.data.value).toMatchObject({ reply: { root: { uri: root.networkPostId }, parent: { uri: root.networkPostId } } });
    const gate = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.threadgate", rkey });
    expect(gate.data.value).toMatchObject({ post: reply.networkPostId, allow: [{ $type: "app.bsky.feed.threadgate#mentionRule" }] });
    const postgate = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.postgate", rkey });
    expect(postgate.data.value).toMatchObject({ post: reply.networkPostId });

    const found = await findPublished(tokens, post("a gated reply"), net);
    expect(found?.networkPostId).toBe(reply.networkPostId);
    expect(await findPublished(tokens, post("never sent"), net)).toBeNull();
  });

  it("posts a first comment with an image: a reply record with an images embed the PDS accepts", async () => {
    const root = await published(post("pds post with a picture in its first comment"));
    const image = sampleMedia({ kind: "image", mimeType: "image/png", bytes: pngFile(8, 8), width: 8, height: 8, alt: "Eight by eight" });
    const comment = required(blueskyAdapter.commentOnPost, "commentOnPost");
    const made = await comment(tokens, { networkPostId: root.networkPostId, postUrl: root.url, text: "the picture", media: [image], destination: null, networkUserId: did }, net);
    const read = await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.post", rkey: rkeyOf(made.id) });
    expect(read.data.value).toMatchObject({
      text: "the picture",
      reply: { root: { uri: root.networkPostId }, parent: { uri: root.networkPostId } },
      embed: { $type: "app.bsky.embed.images", images: [{ alt: "Eight by eight", aspectRatio: { width: 8, height: 8 } }] },
    });
  });

  it("writes a thread chain: every item's reply names the chain's first post as root and the item before as parent", async () => {
    const first = await publish(tokens, post("pds chain 1/3"), net);
    if (first.state !== "published") throw new Error("not published");
    const second = await publish(tokens, post("pds chain 2/3", { inReplyTo: first.networkPostId }), net);
    if (second.state !== "published") throw new Error("not published");
    const third = await publish(tokens, post("pds chain 3/3", { inReplyTo: second.networkPostId }), net);
    if (third.state !== "published") throw new Error("not published");
    const rkey = (uri: string) => uri.split("/").pop() ?? "";
    const read = async (uri: string) => (await agent.com.atproto.repo.getRecord({ repo: did, collection: "app.bsky.feed.post", rkey: rkey(uri) })).data;
    const [a, b, c] = [await read(first.networkPostId), await read(second.networkPostId), await read(third.networkPostId)];
    expect(b.value).toMatchObject({ reply: { root: { uri: a.uri, cid: a.cid }, parent: { uri: a.uri, cid: a.cid } } });
    expect(c.value).toMatchObject({ reply: { root: { uri: a.uri, cid: a.cid }, parent: { uri: b.uri, cid: b.cid } } });
  });
});
