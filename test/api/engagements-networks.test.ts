import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { Schemas } from "../support/api-types.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * POST /v1/engagements on the networks added after Bluesky, X and YouTube: LinkedIn likes and
 * reshares, Threads reposts and Pinterest saves, through the public API and the sandbox, with
 * what each lacks refused as `action_unsupported` and nothing written on a refusal.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<string> {
  counter += 1;
  return (await ws.connect(platform, { handle: `eng-${platform}-${counter}` })).id;
}

async function targets(ws: WorkspaceFixture, account: string) {
  return (await ws.get(`/v1/social-accounts/${account}/targets`)).body.items;
}

/** Publishes through the API and lets asynchronous targets (Threads containers) finish on the poller's clock. */
async function publish(ws: WorkspaceFixture, body: Schemas["CreatePostRequest"]): Promise<{ id: string; networkPostId: string }> {
  const { id } = await ws.publish(body);
  for (let i = 0; i < 10; i++) {
    const target = (await ws.get(`/v1/posts/${id}`)).body.targets[0];
    if (target && target.state !== "processing") {
      expect(target.state).toBe("published");
      return { id, networkPostId: target.networkPostId ?? "" };
    }
    t.clock.advance(30_000);
    await runDueJobs(t.jobRuntime());
  }
  throw new Error("the post never finished publishing");
}

const engage = (ws: WorkspaceFixture, body: Record<string, unknown>) => ws.post("/v1/engagements", body);

async function ok(ws: WorkspaceFixture, body: Record<string, unknown>) {
  const response = await engage(ws, body);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe("POST /v1/engagements on LinkedIn", () => {
  it("likes by Chorus id and post URL, idempotently, unlikes twice and reshares; refuses unrepost naming what LinkedIn supports", async () => {
    const ws = await testWorkspace(t);
    const author = await connect(ws, "linkedin");
    const fan = await connect(ws, "linkedin");
    const post = await publish(ws, { text: "Quarterly numbers are in", accounts: [author] });
    const url = `https://www.linkedin.com/feed/update/${post.networkPostId}/`;
    expect(await ok(ws, { account: fan, action: "like", target: post.id })).toEqual({ account: fan, platform: "linkedin", action: "like", target: { networkId: post.networkPostId, url }, ok: true });
    await ok(ws, { account: fan, action: "like", target: url });
    await ok(ws, { account: fan, action: "unlike", target: post.networkPostId });
    await ok(ws, { account: fan, action: "unlike", target: post.id });
    await ok(ws, { account: fan, action: "repost", target: post.id });

    const undo = await engage(ws, { account: fan, action: "unrepost", target: post.id });
    expect(undo.status).toBe(400);
    const error = undo.error;
    expect(error).toMatchObject({ code: "action_unsupported", param: "action", platform: "linkedin" });
    expect(error.message).toContain("no undo for a reshare");
    expect(error.fix).toContain("`like`, `unlike`, `repost`");
    const follow = await engage(ws, { account: fan, action: "follow", target: "someone" });
    expect(follow.error).toMatchObject({ code: "action_unsupported", platform: "linkedin" });
  });

  it("refuses a malformed target and option, and a missing post, with their params", async () => {
    const ws = await testWorkspace(t);
    const fan = await connect(ws, "linkedin");
    const bad = await engage(ws, { account: fan, action: "like", target: "urn:li:activity:123" });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: "field_invalid", param: "target", fix: expect.stringContaining("urn:li:share:") });
    const badActor = await engage(ws, { account: fan, action: "like", target: "urn:li:share:1", options: { actor: "urn:li:person:abc" } });
    expect(badActor.error).toMatchObject({ code: "field_invalid", param: "options.actor" });
    const board = await engage(ws, { account: fan, action: "like", target: "urn:li:share:1", options: { board: "123" } });
    expect(board.error).toMatchObject({ code: "field_invalid", param: "options.board", fix: expect.stringContaining("options.actor") });
    const gone = await engage(ws, { account: fan, action: "like", target: "urn:li:share:1234567890" });
    expect(gone.status).toBe(404);
    expect(gone.error).toMatchObject({ code: "engagement_target_not_found", param: "target" });
  });
});

describe("POST /v1/engagements on Threads", () => {
  it("reposts by Chorus id and by media id, idempotently; refuses unrepost and like with the reason", async () => {
    const ws = await testWorkspace(t);
    const author = await connect(ws, "threads");
    const fan = await connect(ws, "threads");
    const post = await publish(ws, { text: "Repost this thread", accounts: [author] });
    expect((await ok(ws, { account: fan, action: "repost", target: post.id })).target).toEqual({ networkId: post.networkPostId, url: null });
    await ok(ws, { account: fan, action: "repost", target: post.networkPostId });

    for (const action of ["unrepost", "like"]) {
      const refused = await engage(ws, { account: fan, action, target: post.id });
      expect(refused.status).toBe(400);
      const error = refused.error;
      expect(error).toMatchObject({ code: "action_unsupported", param: "action", platform: "threads", fix: expect.stringContaining("supports `repost`") });
      expect(error.message).toMatch(action === "unrepost" ? /no way to undo a repost/ : /no like endpoint/);
    }
  });
});

describe("POST /v1/engagements on Pinterest", () => {
  it("saves a pin to the board named in options.board; refuses a missing, malformed or foreign board naming options.board", async () => {
    const ws = await testWorkspace(t);
    const author = await connect(ws, "pinterest");
    const fan = await connect(ws, "pinterest");
    const media = (await ws.upload(jpeg(1000, 1500), "image/jpeg")).id;
    const authorBoard = (await targets(ws, author))[0]?.id ?? "";
    const post = await publish(ws, { text: "Lemon tart", media: [media], accounts: [author], platformOptions: { pinterest: { boardId: authorBoard, title: "Lemon tart" } } });
    const fanBoard = (await targets(ws, fan))[1]?.id ?? "";

    const missing = await engage(ws, { account: fan, action: "save", target: post.id });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: "field_required", param: "options.board", fix: expect.stringContaining("/targets") });
    const notDigits = await engage(ws, { account: fan, action: "save", target: post.id, options: { board: "recipes" } });
    expect(notDigits.error).toMatchObject({ code: "field_invalid", param: "options.board" });
    const foreignBoard = await engage(ws, { account: fan, action: "save", target: post.id, options: { board: authorBoard } });
    expect(foreignBoard.error).toMatchObject({ code: "pin_board_missing", param: "options.board" });
    const before = (await targets(ws, fan)).length;

    const saved = await ok(ws, { account: fan, action: "save", target: `https://www.pinterest.com/pin/${post.networkPostId}/`, options: { board: fanBoard } });
    expect(saved.target).toEqual({ networkId: post.networkPostId, url: `https://www.pinterest.com/pin/${post.networkPostId}/` });
    expect((await targets(ws, fan)).length).toBe(before);

    const like = await engage(ws, { account: fan, action: "like", target: post.id });
    expect(like.error).toMatchObject({ code: "action_unsupported", platform: "pinterest", fix: expect.stringContaining("supports `save`") });
  });
});

describe("POST /v1/engagements where the network has no engagement API", () => {
  it("refuses a Facebook page like: Meta does not document page likes for a normal app", async () => {
    const ws = await testWorkspace(t);
    const page = await connect(ws, "facebook");
    const refused = await engage(ws, { account: page, action: "like", target: "123_456" });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "action_unsupported", platform: "facebook" });
  });

  it("publishes the new actions in GET /v1/platforms", async () => {
    const ws = await testWorkspace(t);
    const { items } = (await ws.get("/v1/platforms")).body;
    const of = (platform: string) => items.find((p) => p.platform === platform)?.engagements;
    expect(of("linkedin")).toEqual(["like", "unlike", "repost"]);
    expect(of("threads")).toEqual(["repost"]);
    expect(of("pinterest")).toEqual(["save"]);
    expect(of("facebook")).toEqual([]);
  });
});
