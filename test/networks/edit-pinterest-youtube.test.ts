import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pinterestAdapter } from "../../src/networks/pinterest/adapter.js";
import type { PublishResult } from "../../src/networks/publish-types.js";
import type { TokenSet } from "../../src/networks/types.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import type { SandboxPin } from "../../src/sandbox/pinterest/pins.js";
import { createPinterestSimulator } from "../../src/sandbox/pinterest/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import type { SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { checkRequestAgainstDiscovery, loadDiscoveryDocument } from "../support/discovery-request-check.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia } from "./harness.js";

/**
 * The edit facet of Pinterest (pins/update) and YouTube (videos.update): the requests fit the
 * networks' official specs, the simulators apply what the documentation says the call changes,
 * and refuse what the networks refuse.
 */

const pinSpec = loadOpenApiSpec("pinterest-v5-openapi.json");
const discovery = loadDiscoveryDocument(fileURLToPath(new URL("../fixtures/specs/youtube-v3-discovery.json", import.meta.url)));

const published = (result: PublishResult) => {
  if (result.state === "failed" || !result.networkPostId) throw new Error(`not published: ${JSON.stringify(result)}`);
  return result.networkPostId;
};

describe("pinterest edits", () => {
  const setup = () => createSandbox([createPinterestSimulator], { start: "2026-11-21T10:00:00.000Z", config: { clientId: "1500000", clientSecret: "s", redirectUri: "https://chorus.test/cb" } });
  async function pin(ctx: Sandbox) {
    const { tokens } = await connectThroughConsent(pinterestAdapter, ctx.net, { handle: "sandbox_editor", browser: ctx.sandboxFetch });
    const boards = await required(pinterestAdapter, "targets")(tokens, ctx.net);
    const board = boards[0]?.id ?? "";
    const id = published(
      await required(pinterestAdapter, "publish")(
        tokens,
        { text: "old description", media: [sampleMedia({ kind: "image" })], options: { title: "Old title" }, destination: board, targetId: "tgt_1" },
        ctx.net,
      ),
    );
    return { tokens, board, boards, id };
  }
  const edit = required(pinterestAdapter, "edit");

  it("changes description, title, link and alt text with PATCH /v5/pins/{id}, as pins/update describes", async () => {
    const ctx = setup();
    const { tokens, board, id } = await pin(ctx);
    await edit.editPublished(
      tokens,
      { networkPostId: id, destination: board, networkUserId: "u", changes: { text: "new description", title: "New title", link: "https://example.com/new", altText: "a tart" } },
      ctx.net,
    );
    const call = ctx.requests.at(-1);
    expect(call?.method).toBe("PATCH");
    expect(findOperation(pinSpec, "PATCH", call?.url ?? "")?.operation.operationId).toBe("pins/update");
    expect(checkRequestAgainstSpec(pinSpec, call ?? { method: "", url: "", headers: {}, body: null }, { scopes: tokens.scopes })).toEqual([]);
    expect(JSON.parse(call?.body ?? "{}")).toEqual({ description: "new description", title: "New title", link: "https://example.com/new", alt_text: "a tart" });
    expect((await ctx.store.get<SandboxPin>("pinterest", "pin", id))?.data).toMatchObject({
      description: "new description",
      title: "New title",
      link: "https://example.com/new",
      alt_text: "a tart",
      board_id: board,
    });
  });

  it("moves a Pin to another board of the account, and refuses a board it does not own or a title over 100 characters", async () => {
    const ctx = setup();
    const { tokens, boards, id } = await pin(ctx);
    const other = boards[1]?.id;
    expect(other, "the simulated account has two boards").toBeTruthy();
    await edit.editPublished(tokens, { networkPostId: id, destination: boards[0]?.id ?? null, networkUserId: "u", changes: { boardId: other } }, ctx.net);
    expect((await ctx.store.get<SandboxPin>("pinterest", "pin", id))?.data.board_id).toBe(other);
    expect((await apiError(edit.editPublished(tokens, { networkPostId: id, destination: null, networkUserId: "u", changes: { boardId: "999999" } }, ctx.net))).code).toBe("pin_board_missing");
    const long = await apiError(edit.editPublished(tokens, { networkPostId: id, destination: null, networkUserId: "u", changes: { title: "x".repeat(101) } }, ctx.net));
    expect(long.code).toBe("platform_rejected");
    expect((await ctx.store.get<SandboxPin>("pinterest", "pin", id))?.data.title).toBe("Old title");
  });
});

describe("youtube edits", () => {
  const setup = () =>
    createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], {
      start: "2026-11-21T11:00:00.000Z",
      config: { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "s", redirectUri: "https://chorus.test/cb" },
      platform: "youtube",
    });
  const edit = required(youtubeAdapter, "edit");
  async function video(ctx: Sandbox): Promise<{ tokens: TokenSet; id: string }> {
    const { tokens } = await connectThroughConsent(youtubeAdapter, ctx.net, { handle: "sandbox.editor" });
    const result = await required(youtubeAdapter, "publish")(
      tokens,
      {
        text: "Old description",
        media: [sampleMedia({ kind: "video" })],
        options: { title: "Old title", tags: ["harbour"], privacyStatus: "unlisted", madeForKids: false },
        destination: null,
        targetId: "tgt_yt",
      },
      ctx.net,
    );
    return { tokens, id: published(result) };
  }

  it("reads the video and sends snippet and status back whole with videos.update, keeping what did not change", async () => {
    const ctx = setup();
    const { tokens, id } = await video(ctx);
    const before = ctx.requests.length;
    await edit.editPublished(tokens, { networkPostId: id, destination: null, networkUserId: "u", changes: { title: "New title", privacyStatus: "public" } }, ctx.net);
    const calls = ctx.requests.slice(before);
    const checks = calls.map((r) => checkRequestAgainstDiscovery(discovery, r));
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
    expect(checks.map((c) => c.methodId)).toEqual(["youtube.videos.list", "youtube.videos.update"]);
    const stored = (await ctx.store.get<SandboxVideo>("youtube", "video", id))?.data;
    // The description and tags were sent back as they were, so YouTube did not reset them.
    expect(stored?.snippet).toMatchObject({ title: "New title", description: "Old description", tags: ["harbour"] });
    expect(stored?.status.privacyStatus).toBe("public");
    expect(stored?.status.selfDeclaredMadeForKids).toBe(false);
  });

  it("the simulator resets what a videos.update leaves out and refuses a snippet without title, as YouTube documents", async () => {
    const ctx = setup();
    const { tokens, id } = await video(ctx);
    const put = (body: unknown) =>
      ctx.net.fetch("https://youtube.googleapis.com/youtube/v3/videos?part=snippet,status", {
        method: "PUT",
        headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await put({ id, snippet: { description: "no title", categoryId: "22" }, status: {} })).status).toBe(400);
    expect((await put({ id, snippet: { title: "Only a title", categoryId: "22" }, status: {} })).status).toBe(200);
    const stored = (await ctx.store.get<SandboxVideo>("youtube", "video", id))?.data;
    expect(stored?.snippet.description).toBe("");
    expect(stored?.status.privacyStatus).toBe("private");
    expect((await put({ id: "nope", snippet: { title: "x", categoryId: "22" } })).status).toBe(404);
  });
});
