import { beforeAll, describe, expect, it } from "vitest";
import { postWithPublishedTargets } from "../../src/domain/inbox/comments/comment-targets.js";
import type { DomainContext } from "../../src/domain/core/context.js";
import { resolveConversation } from "../../src/domain/inbox/messages/conversation-account.js";
import { conversationId } from "../../src/domain/inbox/messages/conversation-id.js";
import { networkContextFor } from "../../src/domain/accounts/networks/network-context.js";
import { accountsInScope } from "../../src/domain/accounts/reads/spanning-read.js";
import { recordStatements } from "../support/count-statements.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { keyContext } from "../support/key-context.js";

/**
 * The inbox reads bring each account's app credentials along in the query that finds the account
 * (the dashboard's round-trip budget): what they leave must be exactly what a query of its own
 * would have answered, the workspace's own app where it brought one and never another workspace's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const connect = async (ws: WorkspaceFixture, platform: "twitter" | "linkedin", handle: string) => (await ws.connect(platform, { handle })).id;
const ownXApp = { platform: "twitter", clientId: "own-x-app", clientSecret: "own-x-secret" };

/** The client id each network would be called with, and the credential queries that cost. */
async function clientIds(ctx: DomainContext, platforms: ("twitter" | "linkedin" | "pinterest")[]) {
  const recorder = recordStatements(t.db);
  try {
    const ids: Record<string, string> = {};
    for (const platform of platforms) ids[platform] = (await networkContextFor(ctx, platform, "test")).config.clientId;
    return { ids, credentialQueries: recorder.statements.filter((s) => s.includes('"app_credentials"')).length };
  } finally {
    recorder.stop();
  }
}

describe("app credentials read with the accounts", () => {
  it("the accounts of a spanning read carry their own app, the default where there is none, and nothing of another workspace", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const other = await testWorkspace(t, { plan: "subscription" });
    expect((await ws.post("/v1/credentials", ownXApp)).status).toBe(201);
    // Another workspace's LinkedIn app must not become this workspace's through the join.
    expect((await other.post("/v1/credentials", { platform: "linkedin", clientId: "their-li-app", clientSecret: "their-secret" })).status).toBe(201);
    await connect(ws, "twitter", "joined-creds-x");
    await connect(ws, "linkedin", "joined-creds-li");
    await connect(other, "linkedin", "joined-creds-other-li");

    const ctx = await keyContext(t, ws);
    expect((await accountsInScope(ctx, undefined)).map((a) => a.platform).sort()).toEqual(["linkedin", "twitter"]);
    const joined = await clientIds(ctx, ["twitter", "linkedin"]);
    expect(joined.ids).toEqual({ twitter: "own-x-app", linkedin: "chorus-sandbox-linkedin" });
    expect(joined.credentialQueries).toBe(0);
    // A network none of the accounts is on was not covered by the join: it is read, once, as before.
    expect(await clientIds(ctx, ["pinterest", "pinterest"])).toEqual({ ids: { pinterest: "chorus-sandbox-pinterest" }, credentialQueries: 1 });

    // The same answers with no join in front: the join changed the cost, not the result.
    expect(await clientIds(await keyContext(t, ws), ["twitter", "linkedin"])).toEqual({ ids: joined.ids, credentialQueries: 1 });
    const theirs = await keyContext(t, other);
    await accountsInScope(theirs, undefined);
    expect(await clientIds(theirs, ["linkedin"])).toEqual({ ids: { linkedin: "their-li-app" }, credentialQueries: 0 });
  });

  it("a post's published targets come with their accounts and apps in one round trip, and another workspace's post is not found", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    expect((await ws.post("/v1/credentials", ownXApp)).status).toBe(201);
    const account = await connect(ws, "twitter", "joined-post-x");
    const post = (await ws.publish({ text: "joined credentials", accounts: [account] })).id;
    const draft = (await ws.publish({ text: "a draft", accounts: [account], draft: true })).id;

    const ctx = await keyContext(t, ws);
    const recorder = recordStatements(t.db);
    const found = await postWithPublishedTargets(ctx, post).finally(() => recorder.stop());
    expect(recorder.statements).toHaveLength(1);
    expect(found.post.id).toBe(post);
    expect(found.targets.map((x) => [x.row.id, x.row.platform, typeof x.networkPostId])).toEqual([[account, "twitter", "string"]]);
    expect(await clientIds(ctx, ["twitter"])).toEqual({ ids: { twitter: "own-x-app" }, credentialQueries: 0 });

    // A post that never went out is found, with nothing to read comments on.
    expect((await postWithPublishedTargets(await keyContext(t, ws), draft)).targets).toEqual([]);
    const other = await keyContext(t, await testWorkspace(t));
    await expect(postWithPublishedTargets(other, post)).rejects.toMatchObject({ code: "resource_not_found", param: "id" });
  });

  it("a conversation's account comes with its app", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    expect((await ws.post("/v1/credentials", ownXApp)).status).toBe(201);
    const account = await connect(ws, "twitter", "joined-dm-x");
    const ctx = await keyContext(t, ws);
    const id = conversationId({ account, via: null, id: "dm-1" });
    expect((await resolveConversation(ctx, id)).row.id).toBe(account);
    expect(await clientIds(ctx, ["twitter"])).toEqual({ ids: { twitter: "own-x-app" }, credentialQueries: 0 });
    await expect(resolveConversation(await keyContext(t, await testWorkspace(t)), id)).rejects.toMatchObject({ status: 404 });
  });
});
