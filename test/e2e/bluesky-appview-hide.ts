import { AtpAgent } from "@atproto/api";
import { expect, it } from "vitest";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * POST /v1/comments/{id}/hide and its undo with a LIVE key against the local PDS + AppView. The
 * cases are registered inside bluesky-appview-notifications.test.ts, so the one TestNetwork it
 * starts serves both. What the AppView says is the proof: getPostThread reports the root's
 * threadgate beside the thread (bsky api/app/bsky/feed/getPostThread: `{ thread, threadgate }`),
 * and its `record.hiddenReplies` is the list clients hide; getPostThreadOtherV2 lists a hidden
 * reply with `hiddenByThreadgate` for viewers other than its author.
 */
export interface AppViewStack {
  network: { pds: { url: string }; processAll(): Promise<void> };
  t: TestApp;
}

const PASSWORD = (name: string) => `${name}-main-password`;

async function user(service: string, name: string): Promise<AtpAgent> {
  const agent = new AtpAgent({ service });
  await agent.com.atproto.server.createAccount({ email: `${name}@example.test`, handle: `${name}.test`, password: PASSWORD(name) });
  await agent.login({ identifier: `${name}.test`, password: PASSWORD(name) });
  return agent;
}

export function hideReplyCases(stack: () => AppViewStack): void {
  it("hides another user's reply in the account's thread through the threadgate, keeps its reply rules, and shows it again", async () => {
    const { network, t } = stack();
    const service = network.pds.url;
    const hana = await user(service, "hana");
    const hanaDid = hana.session?.did ?? "";
    const appPassword = (await hana.com.atproto.server.createAppPassword({ name: "chorus" })).data.password;
    const ivan = await user(service, "ivan");
    const june = await user(service, "june");
    // The post lets only Hana's followers reply: Ivan follows, so his replies are valid.
    await ivan.follow(hanaDid);

    const ws = await testWorkspace(t, { mode: "live", grantCredits: 10 });
    const account = (await ws.connect("bluesky", { handle: "hana.test", appPassword })).id;
    const post = await ws.publish({ text: "Followers may answer", accounts: [account], platformOptions: { bluesky: { replyRules: ["followers"] } } });
    const rootUri = post.targets[0]?.networkPostId ?? "";
    const rkey = rootUri.split("/").pop() ?? "";
    await network.processAll();

    const root = { uri: rootUri, cid: (await ivan.com.atproto.repo.getRecord({ repo: hanaDid, collection: "app.bsky.feed.post", rkey })).data.cid ?? "" };
    const rude = await ivan.post({ text: "a rude reply", reply: { root, parent: root } });
    const kind = await ivan.post({ text: "a kind reply", reply: { root, parent: root } });
    await network.processAll();

    const hide = (id: string, hidden: boolean) => ws.post(`/v1/comments/${encodeURIComponent(id)}/hide`, { account, hidden });
    const hidden = await hide(rude.uri, true);
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body).toEqual({ account, platform: "bluesky", hidden: true, ok: true });
    await network.processAll();

    // The gate in Hana's repository: the reply rule from publishing, and the hidden reply.
    const gate = (await june.com.atproto.repo.getRecord({ repo: hanaDid, collection: "app.bsky.feed.threadgate", rkey })).data.value as Record<string, unknown>;
    expect(gate).toMatchObject({ post: rootUri, allow: [{ $type: "app.bsky.feed.threadgate#followerRule" }], hiddenReplies: [rude.uri] });
    // The AppView, asked by a third person: the thread's gate names the rude reply only.
    const thread = (await june.app.bsky.feed.getPostThread({ uri: rootUri })).data;
    expect(thread.threadgate?.record).toMatchObject({ hiddenReplies: [rude.uri] });
    const other = (await june.app.bsky.unspecced.getPostThreadOtherV2({ anchor: rootUri })).data;
    expect(other.thread.map((item) => [item.uri, (item.value as { hiddenByThreadgate?: boolean }).hiddenByThreadgate])).toEqual([[rude.uri, true]]);
    const v2 = (await june.app.bsky.unspecced.getPostThreadV2({ anchor: rootUri })).data;
    expect(v2.thread.map((item) => item.uri)).toEqual([rootUri, kind.uri]);
    // Chorus reads the same answer back.
    const listed = await ws.read(`/v1/posts/${post.id}/comments`);
    expect(listed.problems).toEqual([]);
    expect(listed.items.map((c) => [c.id, c.hidden])).toEqual([
      [kind.uri, false],
      [rude.uri, true],
    ]);

    const shown = await hide(rude.uri, false);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toEqual({ account, platform: "bluesky", hidden: false, ok: true });
    await network.processAll();
    const after = (await june.app.bsky.feed.getPostThread({ uri: rootUri })).data;
    expect(after.threadgate?.record).toMatchObject({ allow: [{ $type: "app.bsky.feed.threadgate#followerRule" }], hiddenReplies: [] });
    expect((await june.app.bsky.unspecced.getPostThreadOtherV2({ anchor: rootUri })).data.thread).toEqual([]);
    expect((await june.app.bsky.unspecced.getPostThreadV2({ anchor: rootUri })).data.thread.map((item) => item.uri).sort()).toEqual([rootUri, kind.uri, rude.uri].sort());
    const relisted = await ws.read(`/v1/posts/${post.id}/comments`);
    expect(relisted.items.map((c) => c.hidden)).toEqual([false, false]);

    // A reply Hana wrote in June's thread cannot be hidden by Hana, and nothing is written.
    const junePost = await june.post({ text: "June's own thread" });
    await network.processAll();
    const answered = await ws.post(`/v1/comments/${encodeURIComponent(junePost.uri)}/replies`, { account, text: "Hana answers June" });
    expect(answered.status, answered.text).toBe(200);
    const inJunesThread = answered.body.id;
    await network.processAll();
    const refused = await hide(inJunesThread, true);
    expect(refused.status).toBe(422);
    expect(refused.error).toMatchObject({ code: "comment_thread_not_own", platform: "bluesky" });
    const hanaGates = await june.com.atproto.repo.listRecords({ repo: hanaDid, collection: "app.bsky.feed.threadgate" });
    expect(hanaGates.data.records.map((r) => r.uri)).toEqual([`at://${hanaDid}/app.bsky.feed.threadgate/${rkey}`]);

    // The reference PDS refuses a 301st hidden reply with the message the simulator gives.
    const tooMany = Array.from({ length: 301 }, (_, i) => `at://${hanaDid}/app.bsky.feed.post/3kaaaaaaaa${String(i).padStart(3, "0")}`);
    const overLong = await hana.com.atproto.repo.putRecord({ repo: hanaDid, collection: "app.bsky.feed.threadgate", rkey, record: { ...gate, hiddenReplies: tooMany } }).then(
      () => null,
      (error: unknown) => error as { status?: number; error?: string; message?: string },
    );
    expect(overLong).toMatchObject({ status: 400, error: "InvalidRequest", message: "Invalid app.bsky.feed.threadgate record: array too big (maximum 300, got 301) at $.record.hiddenReplies" });
  }, 120_000);
}
