import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { AccountReadsFacet } from "../../src/networks/facets/account-reads.js";
import type { NetworkPageRequest } from "../../src/networks/facets/inbox.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import type { InstagramDoor } from "../../src/networks/instagram/capabilities.js";
import type { NetworkAdapter, NetworkContext, TokenSet } from "../../src/networks/types.js";
import type { PublishMedia, PublishRequest } from "../../src/networks/publish-types.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import type { SandboxPage } from "../../src/sandbox/meta/pages.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import type { SimulatorFactory } from "../../src/sandbox/types.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { type Bench, bench, connect, rejectsWith } from "./facebook-helpers.js";
import { expectPublished, required } from "./harness.js";

/** The adapter's accountReads method `name`, which this network must have. */
function reads(adapter: NetworkAdapter, name: keyof AccountReadsFacet) {
  const method = adapter.accountReads?.[name];
  if (!method) throw new Error(`${adapter.platform} must implement accountReads.${name}`);
  return method;
}

const image: PublishMedia = {
  id: "med_read",
  kind: "image",
  mimeType: "image/jpeg",
  bytes: 400_000,
  width: 1080,
  height: 1080,
  durationSeconds: null,
  alt: null,
  url: "https://media.chorus.test/read.jpg",
  read: async () => new Uint8Array([1, 2, 3]),
};

const request = (text: string, overrides: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_read", ...overrides });

async function publishAndSettle(adapter: NetworkAdapter, b: Bench, tokens: TokenSet, net: NetworkContext, input: PublishRequest): Promise<string> {
  let result = await required(adapter, "publish")(tokens, input, net);
  for (let i = 0; i < 10 && result.state === "processing"; i++) {
    b.advance(30);
    result = await required(adapter, "checkPublish")(tokens, result.pollToken, net);
  }
  const id = expectPublished(result).networkPostId ?? "";
  // A second apart, so newest-first is decided by time, as on the network.
  b.advance(1);
  return id;
}

/** Reads every page at `limit`, returning each page's ids. */
async function allPages(list: ReturnType<typeof reads>, tokens: TokenSet, net: NetworkContext, limit: number, networkUserId = "me"): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: NetworkPageRequest = { cursor, limit, networkUserId };
    const answer = await list(tokens, page, net);
    pages.push(answer.items.map((item) => item.id));
    cursor = answer.cursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

describe("facebook page posts", () => {
  it("merges the posts of every managed page newest first, one page token per page, every request a Page posts read", async () => {
    const b = bench([createFacebookSimulator]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "reads.page.owner");
    const pages = (await required(facebookAdapter, "targets")(tokens, net)).map((p) => p.id);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const ids: string[] = [];
    for (const [i, text] of ["one", "two", "three", "four", "five"].entries()) {
      ids.push(await publishAndSettle(facebookAdapter, b, tokens, net, request(`page post ${text}`, { destination: pages[i % 2] ?? null })));
    }
    const from = b.sent.length;
    const first = await reads(facebookAdapter, "listPosts")(tokens, { cursor: null, limit: 2, networkUserId: "me" }, net);
    expect(first.items.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]).toMatchObject({ text: "page post five", kind: "post", createdAt: "2026-10-01T12:00:04.000Z", url: expect.stringMatching(/^https:\/\//) });
    expect((await allPages(reads(facebookAdapter, "listPosts"), tokens, net, 2)).flat()).toEqual([...ids].reverse());

    const postReads = b.sent.slice(from).filter((r) => r.url.pathname.endsWith("/posts"));
    expect(new Set(postReads.map((r) => r.url.pathname.split("/")[2]))).toEqual(new Set(pages.slice(0, 2)));
    for (const r of postReads) {
      expect(graphRequestProblems(r, "Page"), `${r.method} ${r.url.toString()}`).toEqual([]);
      // Each page is read as the page, never with the person's token.
      const page = await b.deps.store.get<SandboxPage>("facebook", "page", r.url.pathname.split("/")[2] ?? "");
      expect(r.url.searchParams.get("access_token")).toBe(page?.data.tokenValue);
    }
    expect(facebookAdapter.accountReads?.listFollowers).toBeUndefined();
    expect(facebookAdapter.accountReads?.listFollowing).toBeUndefined();
  });

  it("turns a Graph refusal into the spec's code", async () => {
    const b = bench([createFacebookSimulator]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "reads.limited");
    const sim = b.sims[0];
    if (!sim) throw new Error("no simulator");
    await b.setFault(sim, "reads.limited", "rate_limited");
    await rejectsWith(reads(facebookAdapter, "listPosts")(tokens, { cursor: null, limit: 5, networkUserId: "me" }, net), "rate_limited");
  });
});

describe.each([
  ["instagram_login", [createInstagramSimulator]],
  ["facebook_login", [createFacebookSimulator, createInstagramSimulator]],
] as const satisfies readonly (readonly [InstagramDoor, readonly SimulatorFactory[]])[])("instagram media through the %s door", (door, factories) => {
  it("lists the account's media newest first with Graph's cursor, every request an IGUser media read", async () => {
    const b = bench(factories);
    const net = b.net();
    const tokens = await connect(instagramAdapter, net, `reads.${door}`, door);
    const ids = [];
    for (const text of ["first", "second", "third"]) ids.push(await publishAndSettle(instagramAdapter, b, tokens, net, request(`grid ${text}`, { media: [image] })));
    const from = b.sent.length;
    const first = await reads(instagramAdapter, "listPosts")(tokens, { cursor: null, limit: 2, networkUserId: "me" }, net);
    expect(first.items.slice(0, 2).map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ text: "grid third", kind: "post", url: expect.stringMatching(/^https:\/\//) });
    expect(first.cursor).toEqual(expect.any(String));
    const pages = await allPages(reads(instagramAdapter, "listPosts"), tokens, net, 2);
    expect(pages.flat().slice(0, 3)).toEqual([...ids].reverse());
    const sent = b.sent.slice(from).filter((r) => r.url.pathname.endsWith("/media"));
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) {
      expect(r.url.pathname.split("/")[2]).toBe(String(tokens.extra.igUserId));
      expect(graphRequestProblems(r, "IGUser"), r.url.toString()).toEqual([]);
    }
    expect(instagramAdapter.accountReads?.listFollowers).toBeUndefined();
  });
});

describe("threads own posts", () => {
  it("lists /me/threads newest first, paging with Graph's after cursor until no next page", async () => {
    const b = bench([createThreadsSimulator]);
    const net = b.net();
    const tokens = await connect(threadsAdapter, net, "reads.threader");
    const ids = [];
    for (const text of ["a", "b", "c"]) ids.push(await publishAndSettle(threadsAdapter, b, tokens, net, request(`thread ${text}`)));
    const from = b.sent.length;
    const pages = await allPages(reads(threadsAdapter, "listPosts"), tokens, net, 2);
    expect(pages.flat().slice(0, 3)).toEqual([...ids].reverse());
    const sent = b.sent.slice(from);
    expect(sent.every((r) => r.method === "GET" && r.url.host === "graph.threads.net" && r.url.pathname === "/v1.0/me/threads")).toBe(true);
    expect(sent[0]?.url.searchParams.get("fields")).toBe("id,text,permalink,timestamp,media_type");
    expect(sent[0]?.url.searchParams.get("limit")).toBe("2");
    expect(sent[1]?.url.searchParams.get("after")).toEqual(expect.any(String));
    const newest = await reads(threadsAdapter, "listPosts")(tokens, { cursor: null, limit: 1, networkUserId: "me" }, net);
    expect(newest.items).toEqual([{ id: ids[2], url: expect.stringMatching(/^https:\/\//), text: "thread c", createdAt: expect.stringMatching(/Z$/), kind: "post" }]);
    expect(threadsAdapter.accountReads?.listFollowers).toBeUndefined();
  });
});
