import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { postThreadItems } from "../../src/db/schema/index.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { countOf, networkPosts } from "../support/thread-chain.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describeOnEachDatabase("thread chain races", (app) => {
  it("ten concurrent identical requests publish each item once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky", { handle: "chain-race.test", appPassword: "abcd-efgh-ijkl-mnop" });
    const body = { text: "race 1/3", accounts: [bsky.id], thread: [{ text: "race 2/3" }, { text: "race 3/3" }] };
    const before = (await ws.get("/v1/me/limits")).body.credits.total;
    const answers = await Promise.all(Array.from({ length: 10 }, () => ws.post("/v1/posts", body, { headers: { "Idempotency-Key": "chain-race" } })));
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    const held = await networkPosts(t, ws.id, "bluesky");
    for (const text of ["race 1/3", "race 2/3", "race 3/3"]) expect(countOf(held, text), text).toBe(1);
    expect((await ws.get("/v1/me/limits")).body.credits.total).toBe(before - 3);
  });

  it("ten concurrent retries of a chain stopped mid-way send each remaining item once and charge it once", async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter", { handle: "chain_race_resume" });
    // X refuses the chain's second item as a duplicate of this post; retracting it clears the way.
    const earlier = await ws.publish({ text: "race middle, said before", accounts: [x.id] });
    const body = { text: "race resume 1/4", accounts: [x.id], thread: [{ text: "race resume 2/4" }, { text: "race middle, said before" }, { text: "race resume 4/4" }] };
    const headers = { "Idempotency-Key": "chain-race-resume" };
    const first = await ws.post("/v1/posts", body, { headers });
    expect(first.body.targets[0]?.thread?.map((i) => i.state)).toEqual(["published", "failed", "not_sent"]);
    await ws.post(`/v1/posts/${earlier.id}/retract`);
    const before = (await ws.get("/v1/me/limits")).body.credits.total;

    const retries = await Promise.all(Array.from({ length: 10 }, () => ws.post("/v1/posts", body, { headers })));
    for (const retry of retries) expect(retry.status, retry.text).toBe(201);
    const final = (await ws.get(`/v1/posts/${first.body.id}`)).body;
    expect(final.targets[0]?.thread?.map((i) => i.state)).toEqual(["published", "published", "published"]);
    const held = await networkPosts(t, ws.id, "twitter");
    for (const text of ["race resume 1/4", "race resume 2/4", "race middle, said before", "race resume 4/4"]) expect(countOf(held, text), text).toBe(1);
    // Each item was claimed for sending once per attempt: the refused one twice in all, the others once.
    const items = await t.db.select().from(postThreadItems).where(eq(postThreadItems.workspaceId, ws.id));
    expect(items.sort((a, b) => a.position - b.position).map((i) => i.sends)).toEqual([1, 2, 1]);
    expect((await ws.get("/v1/me/limits")).body.credits.total).toBe(before - 2);
  });
});
