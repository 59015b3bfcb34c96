import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { domainServices } from "../../src/http/domain-services.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

/** Threads profile discovery and location search through the public API, on the simulated Threads. */

let t: TestApp;
let runtime: JobRuntime;

beforeAll(async () => {
  t = await createTestApp();
  runtime = { db: t.db, clock: t.clock, services: domainServices(t.deps, "http://chorus.test") };
});

let counter = 0;
async function connectThreads(ws: TestWorkspace, handle = `th_disc_${(counter += 1)}`): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "threads", handle } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Publishes and lets the job runner finish Threads' container; answers the post's targets. */
async function publish(ws: TestWorkspace, account: string, text: string, platformOptions?: object): Promise<{ state: string; error: { code: string } | null }[]> {
  t.clock.advance(60_000);
  const response = await ws.request("/v1/posts", { method: "POST", json: { text, accounts: [account], ...(platformOptions ? { platformOptions } : {}) } });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  t.clock.advance(60_000);
  await runDueJobs(runtime);
  return ((await (await ws.request(`/v1/posts/${id}`)).json()) as { targets: { state: string; error: { code: string } | null }[] }).targets;
}

describe("GET /v1/discover/profiles/{handle} on Threads", () => {
  it("looks a public profile up with profile_lookup: followers published, following and post counts null", async () => {
    const ws = await t.workspace();
    const reader = await connectThreads(ws);
    const writerHandle = `th_writer_${(counter += 1)}`;
    const writer = await connectThreads(ws, writerHandle);
    expect((await publish(ws, writer, "Rye from the writer"))[0]?.state).toBe("published");

    const response = await ws.request(`/v1/discover/profiles/@${writerHandle}?account=${reader}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const profile = (await response.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ account: reader, platform: "threads", id: writerHandle, handle: writerHandle, url: `https://www.threads.net/@${writerHandle}`, verified: false, followingCount: null, postsCount: null, website: null });
    expect(profile.followersCount).toEqual(expect.any(Number));
    expect(profile.followersCount).toBeGreaterThanOrEqual(100);

    const posts = await ws.request(`/v1/discover/profiles/${writerHandle}/posts?account=${reader}&limit=1`);
    expect(posts.status, await posts.clone().text()).toBe(200);
    const page = (await posts.json()) as { items: { text: string; platform: string; author: { handle: string }; likeCount: null }[]; cursor: string | null; problems: unknown[] };
    // Newest first: the post just published, then (next page) the account's seeded one.
    expect(page.items).toEqual([expect.objectContaining({ text: "Rye from the writer", platform: "threads", author: expect.objectContaining({ handle: writerHandle }), likeCount: null })]);
    expect(page.problems).toEqual([]);
    expect(page.cursor).toEqual(expect.any(String));
    const next = (await (await ws.request(`/v1/discover/profiles/${writerHandle}/posts?account=${reader}&limit=1&cursor=${encodeURIComponent(page.cursor ?? "")}`)).json()) as typeof page;
    expect(next.items.map((p) => p.text)).toEqual(["A sandbox thread."]);
    expect(next.cursor).toBeNull();
  });

  it("refuses an unknown username, a numeric id, and a foreign account", async () => {
    const ws = await t.workspace();
    const reader = await connectThreads(ws);
    const unknown = await ws.request(`/v1/discover/profiles/nobody_here?account=${reader}`);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: "handle_not_found", param: "handle", platform: "threads" });
    const unknownPosts = await ws.request(`/v1/discover/profiles/nobody_here/posts?account=${reader}`);
    expect(unknownPosts.status).toBe(404);
    expect(await errorOf(unknownPosts)).toMatchObject({ code: "handle_not_found", param: "handle" });
    const numeric = await ws.request(`/v1/discover/profiles/1234567?account=${reader}`);
    expect(await errorOf(numeric)).toMatchObject({ code: "handle_not_a_username", param: "handle" });

    const other = await t.workspace();
    const foreign = await ws.request(`/v1/discover/profiles/someone?account=${await connectThreads(other)}`);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).param).toBe("account");
    const foreignPosts = await ws.request(`/v1/discover/profiles/someone/posts?account=${await connectThreads(other)}`);
    expect(foreignPosts.status).toBe(404);
  });

  it("names the missing permission when the account declined profile discovery", async () => {
    const ws = await t.workspace();
    const reader = await connectThreads(ws);
    expect((await ws.request(`/v1/sandbox/social-accounts/${reader}/fault`, { method: "PUT", json: { fault: "revoked_permission" } })).status).toBe(200);
    const refused = await ws.request(`/v1/discover/profiles/someone?account=${reader}`);
    expect(await errorOf(refused)).toMatchObject({ code: "missing_scope", platform: "threads" });
  });
});

describe("GET /v1/discover/places on Threads and platformOptions.threads.locationId", () => {
  it("finds locations with location_search by name and near a point", async () => {
    const ws = await t.workspace();
    const account = await connectThreads(ws);
    const byName = await ws.request(`/v1/discover/places?account=${account}&q=paris`);
    expect(byName.status, await byName.clone().text()).toBe(200);
    const body = (await byName.json()) as { platform: string; items: { id: string; name: string; city: string | null; latitude: number | null }[] };
    expect(body.platform).toBe("threads");
    expect(body.items.map((p) => p.name).sort()).toEqual(["Eiffel Tower", "Louvre Museum"]);
    expect(body.items.every((p) => /^[0-9]+$/.test(p.id) && p.city === "Paris")).toBe(true);
    const near = (await (await ws.request(`/v1/discover/places?account=${account}&latitude=52.52&longitude=13.38`)).json()) as typeof body;
    expect(near.items.map((p) => p.name)).toEqual(["Brandenburg Gate"]);
    const bad = await ws.request(`/v1/discover/places?account=${account}&latitude=52.52`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).param).toBe("longitude");
    const other = await t.workspace();
    expect((await ws.request(`/v1/discover/places?account=${await connectThreads(other)}&q=paris`)).status).toBe(404);
  });

  it("publishes with a Threads location; refuses a malformed id at validate and an unknown one at publish", async () => {
    const ws = await t.workspace();
    const account = await connectThreads(ws);
    const places = (await (await ws.request(`/v1/discover/places?account=${account}&q=eiffel`)).json()) as { items: { id: string }[] };
    const placeId = places.items[0]?.id ?? "";
    expect(placeId).toMatch(/^[0-9]+$/);
    const options = (locationId: string) => ({ threads: { locationId } });

    const validate = async (locationId: string) =>
      (await (await ws.request("/v1/posts/validate", { method: "POST", json: { text: "At the tower", accounts: [account], platformOptions: options(locationId) } })).json()) as { targets: { errors: { code: string; param: string }[] }[] };
    expect((await validate(placeId)).targets.flatMap((tg) => tg.errors)).toEqual([]);
    expect((await validate("eiffel-tower")).targets[0]?.errors).toEqual([expect.objectContaining({ code: "option_invalid", param: "platformOptions.threads.locationId" })]);

    expect((await publish(ws, account, "At the tower", options(placeId)))[0]?.state).toBe("published");
    const unknown = await publish(ws, account, "Nowhere", options("123456789012345"));
    expect(unknown[0]).toMatchObject({ state: "failed", error: expect.objectContaining({ code: "option_invalid" }) });
  });
});

describe("GET /v1/discover/places on Google Business Profile", () => {
  it("keeps the refusal, saying why and where a post's location is chosen instead", async () => {
    const ws = await t.workspace();
    const connected = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "googlebusiness", handle: `gbp_disc_${(counter += 1)}` } });
    expect(connected.status, await connected.clone().text()).toBe(201);
    const account = ((await connected.json()) as { id: string }).id;
    const refused = await ws.request(`/v1/discover/places?account=${account}&q=paris`);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({
      code: "place_search_unsupported",
      platform: "googlebusiness",
      message: expect.stringContaining("no place tag"),
      fix: expect.stringMatching(/platformOptions\.googlebusiness\.location.*Instagram, Facebook.*Threads/s),
    });
  });
});
