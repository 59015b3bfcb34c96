import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * The account reads on the networks that gained them with issue 9, as the Bluesky cases in
 * engage-cases.ts check them: A's Pinterest account (a Pin, a follower) and A's Facebook account,
 * whose cursor carries a position per page. B can read neither, and B's own account of the same
 * network cannot replay A's cursor.
 */

let counter = 0;

/** The account reads these cases check. */
type AccountRead = "posts" | "followers";

async function connect(ws: WorkspaceFixture, platform: "pinterest" | "facebook", handle: string): Promise<string> {
  return (await ws.connect(platform, { handle })).id;
}

async function firstTarget(ws: WorkspaceFixture, account: string): Promise<string> {
  return (await ws.read(`/v1/social-accounts/${account}/targets`)).items[0]?.id ?? "";
}

async function seed(t: TestApp, a: WorkspaceFixture, platform: "pinterest" | "facebook", path: AccountRead): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-reads-${platform}-${counter}`;
  const id = await connect(a, platform, handle);
  const options = platform === "pinterest" ? { pinterest: { boardId: await firstTarget(a, id), title: "A's pin" } } : { facebook: { pageId: await firstTarget(a, id) } };
  const media = platform === "pinterest" ? [(await a.upload(jpeg(1000, 1000), "image/jpeg")).id] : [];
  const texts = ["A's first private post", "A's second private post"];
  const networkIds: string[] = [];
  for (const text of texts) {
    const published = await a.publish({ text, accounts: [id], media, platformOptions: options });
    networkIds.push(published.targets[0]?.networkPostId ?? "");
    t.clock.advance(1000);
  }
  if (platform === "pinterest") {
    for (const fan of ["one", "two"]) await a.simulate(id, { action: "follow", actor: `a-fan-${fan}-${counter}` });
  }
  const page = await a.read(`/v1/social-accounts/${id}/${path}?limit=1`);
  expect(page.items).toHaveLength(1);
  expect(page.cursor).toEqual(expect.any(String));
  return { id, handle, post: networkIds[0] ?? "", secondPost: networkIds[1] ?? "", text: texts[0] ?? "", cursor: page.cursor ?? "" };
}

function read(platform: "pinterest" | "facebook", path: AccountRead): IsolationCase {
  return {
    method: "GET",
    path: `/v1/social-accounts/:id/${path}`,
    seed: (t, a) => seed(t, a, platform, path),
    probe: async (_t, b, s) => {
      const { cursor, ...visible } = s;
      await expectNotFound(await b.request(`/v1/social-accounts/${s.id ?? ""}/${path}`), visible);
      const own = await connect(b, platform, `b-reads-${platform}-${counter}`);
      // B's own list never holds A's posts...
      await expectInvisible(await b.request(`/v1/social-accounts/${own}/${path}`), { post: s.post ?? "", secondPost: s.secondPost ?? "", text: s.text ?? "" });
      // ...and A's cursor names A's account: B's account of the same network cannot replay it.
      const replay = await b.request(`/v1/social-accounts/${own}/${path}?cursor=${encodeURIComponent(cursor ?? "")}`);
      expect(replay.status).toBe(400);
      await expectInvisible(replay, visible);
    },
  };
}

export const accountReadsCases: IsolationCase[] = [read("pinterest", "posts"), read("pinterest", "followers"), read("facebook", "posts")];
