import { expect } from "vitest";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * The account reads on the networks that gained them with issue 9, as the Bluesky cases in
 * engage-cases.ts check them: A's Pinterest account (a Pin, a follower) and A's Facebook account,
 * whose cursor carries a position per page. B can read neither, and B's own account of the same
 * network cannot replay A's cursor.
 */

let counter = 0;

async function connect(ws: TestWorkspace, platform: "pinterest" | "facebook", handle: string): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function firstTarget(ws: TestWorkspace, account: string): Promise<string> {
  return ((await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string }[] }).items[0]?.id ?? "";
}

async function upload(ws: TestWorkspace): Promise<string> {
  const response = await ws.request("/v1/media", { method: "POST", body: jpeg(1000, 1000), headers: { "content-type": "image/jpeg" } });
  return ((await response.json()) as { id: string }).id;
}

async function seed(t: TestApp, a: TestWorkspace, platform: "pinterest" | "facebook", path: string): Promise<Record<string, string>> {
  counter += 1;
  const handle = `a-reads-${platform}-${counter}`;
  const id = await connect(a, platform, handle);
  const options = platform === "pinterest" ? { pinterest: { boardId: await firstTarget(a, id), title: "A's pin" } } : { facebook: { pageId: await firstTarget(a, id) } };
  const media = platform === "pinterest" ? [await upload(a)] : [];
  const texts = ["A's first private post", "A's second private post"];
  const networkIds: string[] = [];
  for (const text of texts) {
    const published = await a.request("/v1/posts", { method: "POST", json: { text, accounts: [id], media, platformOptions: options } });
    expect(published.status, await published.clone().text()).toBe(201);
    networkIds.push(((await published.json()) as { targets: { networkPostId: string }[] }).targets[0]?.networkPostId ?? "");
    t.clock.advance(1000);
  }
  if (platform === "pinterest") {
    for (const fan of ["one", "two"]) await a.request(`/v1/sandbox/social-accounts/${id}/activity`, { method: "POST", json: { action: "follow", actor: `a-fan-${fan}-${counter}` } });
  }
  const page = (await (await a.request(`/v1/social-accounts/${id}/${path}?limit=1`)).json()) as { cursor: string | null; items: unknown[] };
  expect(page.items).toHaveLength(1);
  expect(page.cursor).toEqual(expect.any(String));
  return { id, handle, post: networkIds[0] ?? "", secondPost: networkIds[1] ?? "", text: texts[0] ?? "", cursor: page.cursor ?? "" };
}

function read(platform: "pinterest" | "facebook", path: string): IsolationCase {
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
