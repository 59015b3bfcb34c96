import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound, grantedAccount } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

let counter = 0;
/** Probes run as B, so A's own view is read through A's workspace again. */
const workspaces = new Map<string, WorkspaceFixture>();

/** A new Bluesky account of `ws`, or the one a narrowed agent is granted (only the owner connects). */
const connectBluesky = async (ws: WorkspaceFixture, handle: string) => grantedAccount(ws) ?? (await ws.connect("bluesky", { handle })).id;

/** A's Bluesky account with two posts, a follower, and A's cursor of a one-post page. */
async function seedAccount(_t: TestApp, a: WorkspaceFixture): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-engage-${counter}.test`;
  const id = await connectBluesky(a, handle);
  workspaces.set(id, a);
  const publish = (text: string) => a.publish({ text, accounts: [id] });
  await publish("A's first private post");
  const post = await publish("A's second private post");
  await a.simulate(id, { action: "follow", actor: `a-follower-${counter}.test` });
  const page = await a.read(`/v1/social-accounts/${id}/posts?limit=1`);
  expect(page.cursor).toEqual(expect.any(String));
  return { id, handle, post: post.id, networkPostId: post.targets[0]?.networkPostId ?? "", cursor: page.cursor ?? "" };
}

const read = (path: string): IsolationCase => ({
  method: "GET",
  path: `/v1/social-accounts/:id/${path}`,
  seed: seedAccount,
  probe: async (_t, b, s) => {
    await expectNotFound(await b.request(`/v1/social-accounts/${s.id}/${path}`), s);
    // A's cursor names A's account: B's own account cannot replay it.
    const own = await connectBluesky(b, `b-engage-${counter}-${path}.test`);
    const replay = await b.request(`/v1/social-accounts/${own}/${path}?cursor=${encodeURIComponent(s.cursor ?? "")}`);
    expect(replay.status).toBe(400);
    await expectInvisible(replay, { id: s.id ?? "", handle: s.handle ?? "" });
  },
});

export const engageCases: IsolationCase[] = [
  read("posts"),
  read("followers"),
  read("following"),
  {
    method: "POST",
    path: "/v1/engagements",
    seed: seedAccount,
    probe: async (_t, b, s) => {
      // B cannot act as A's account...
      await expectNotFound(await b.request("/v1/engagements", { method: "POST", json: { account: s.id, action: "like", target: s.networkPostId } }), s);
      // ...nor name A's Chorus post as a target from its own account.
      const own = await connectBluesky(b, `b-engage-${counter}-act.test`);
      const foreign = await b.request("/v1/engagements", { method: "POST", json: { account: own, action: "like", target: s.post } });
      await expectNotFound(foreign, s);
      const a = workspaces.get(s.id ?? "");
      if (a) {
        const seen = await a.read(`/v1/notifications?account=${s.id}`);
        expect(seen.items.map((n) => n.kind)).toEqual(["follows"]);
      }
    },
  },
];
