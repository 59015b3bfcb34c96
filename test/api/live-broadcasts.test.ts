import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords } from "../../src/db/schema/index.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { liveVideoRules } from "../../src/sandbox/facebook/live-videos.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

interface Broadcast {
  id: string;
  account: string;
  platform: string;
  pageId: string | null;
  networkId: string;
  title: string | null;
  description: string | null;
  status: string;
  networkStatus: string;
  scheduledStartTime: string | null;
  startedAt: string | null;
  endedAt: string | null;
  permalinkUrl: string | null;
  replayUrl: string | null;
  statusCheckedAt: string;
  createdAt: string;
  ingest?: { url: string; streamKey: string };
}

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `live${counter}.test` : `live_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** The sandbox person's pages: the first has no followers, the second has enough to go live. */
async function pages(ws: WorkspaceFixture, account: string): Promise<{ small: string; eligible: string }> {
  const response = await ws.get(`/v1/social-accounts/${account}/targets`);
  const { items } = response.body;
  const small = items.find((p) => Number(p.details.followers) < liveVideoRules.minFollowers);
  const eligible = items.find((p) => Number(p.details.followers) >= liveVideoRules.minFollowers);
  return { small: small?.id ?? "", eligible: eligible?.id ?? "" };
}

async function facebookPage(ws: WorkspaceFixture) {
  const account = await connect(ws, "facebook");
  return { account, ...(await pages(ws, account)) };
}

const base = (account: string): `/v1/social-accounts/${string}/live-broadcasts` => `/v1/social-accounts/${account}/live-broadcasts`;

async function create(ws: WorkspaceFixture, account: string, json: Record<string, unknown>): Promise<Broadcast> {
  const response = await ws.post(base(account), json);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const post = <A extends "start" | "end" | "credentials">(ws: WorkspaceFixture, account: string, id: string, action: A) => ws.post(`${base(account)}/${id}/${action}`);
const read = async (ws: WorkspaceFixture, account: string, id: string) => {
  const response = await ws.get(`${base(account)}/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

describe("live broadcasts on a Facebook page, with a test key", () => {
  it("creates a ready broadcast, starts it, ends it, and shows the replay once the network has one", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const created = await create(ws, account, { pageId: eligible, title: "Launch day", description: "Questions welcome" });
    expect(created).toMatchObject({
      account,
      platform: "facebook",
      pageId: eligible,
      title: "Launch day",
      description: "Questions welcome",
      status: "ready",
      networkStatus: "UNPUBLISHED",
      replayUrl: null,
      startedAt: null,
      endedAt: null,
    });
    expect(created.id).toMatch(/^live_[A-Za-z0-9]{20}$/);
    expect(created.networkId).toMatch(/^\d{16}$/);
    expect(created.ingest?.url).toBe("rtmps://live-api-s.facebook.com:443/rtmp/");
    expect(created.ingest?.streamKey).toMatch(new RegExp(`^FB-${created.networkId}-0-[0-9a-f]{32}$`));
    expect(created.permalinkUrl).toMatch(new RegExp(`^https://www\\.facebook\\.com/${eligible}/videos/\\d+/$`));

    t.clock.advance(60_000);
    const started = await post(ws, account, created.id, "start");
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ id: created.id, status: "live", networkStatus: "LIVE", startedAt: t.clock.now().toISOString() });

    const ended = await post(ws, account, created.id, "end");
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toMatchObject({ status: "ended", networkStatus: "LIVE_STOPPED", replayUrl: null, endedAt: t.clock.now().toISOString() });

    t.clock.advance(liveVideoRules.replayProcessingSeconds * 1000);
    const replay = await read(ws, account, created.id);
    expect(replay).toMatchObject({ status: "replay_ready", networkStatus: "VOD", statusCheckedAt: t.clock.now().toISOString() });
    expect(replay.replayUrl).toMatch(new RegExp(`^https://www\\.facebook\\.com/${eligible}/videos/\\d+/$`));
    expect(replay).not.toHaveProperty("ingest");
  });

  it("schedules a broadcast, can start it early, and cancels another with end", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const at = new Date(t.clock.now().getTime() + 2 * 86400_000);
    const scheduled = await create(ws, account, { pageId: eligible, title: "Tomorrow", scheduledStartTime: at.toISOString().replace(".000Z", "+00:00") });
    expect(scheduled).toMatchObject({ status: "scheduled", networkStatus: "SCHEDULED_UNPUBLISHED", scheduledStartTime: at.toISOString() });
    expect((await post(ws, account, scheduled.id, "start")).body).toMatchObject({ status: "live", scheduledStartTime: at.toISOString() });

    const other = await create(ws, account, { pageId: eligible, title: "Maybe", scheduledStartTime: at.toISOString() });
    const cancelled = await post(ws, account, other.id, "end");
    expect(cancelled.body).toMatchObject({ status: "ended", networkStatus: "SCHEDULED_CANCELED", replayUrl: null });
    // A cancelled broadcast never gets a recording.
    t.clock.advance(3600_000);
    expect(await read(ws, account, other.id)).toMatchObject({ status: "ended", replayUrl: null });
  });

  it("refuses operations the broadcast's status does not allow, with the status named", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const b = await create(ws, account, { pageId: eligible, title: "State machine" });

    const endReady = await post(ws, account, b.id, "end");
    expect(endReady.status).toBe(409);
    const endError = endReady.error;
    expect(endError).toMatchObject({ code: "broadcast_state_invalid", type: "conflict", param: "liveId", platform: "facebook" });
    expect(endError.message).toContain("`ready`");
    expect(endError.fix).toBeTruthy();

    expect((await post(ws, account, b.id, "start")).status).toBe(200);
    const again = await post(ws, account, b.id, "start");
    expect(again.status).toBe(409);
    expect(again.error.message).toContain("LIVE");

    expect((await post(ws, account, b.id, "end")).status).toBe(200);
    for (const action of ["start", "end", "credentials"] as const) {
      const refused = await post(ws, account, b.id, action);
      expect(refused.status, action).toBe(409);
      expect(refused.error.code).toBe("broadcast_state_invalid");
    }
  });

  it("lists broadcasts newest first with paging, and never lists or reads the stream credentials", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const made: Broadcast[] = [];
    for (const title of ["one", "two", "three"]) {
      made.push(await create(ws, account, { pageId: eligible, title }));
      t.clock.advance(1000);
    }
    const first = await ws.get(`${base(account)}?limit=2`);
    expect(first.status).toBe(200);
    const firstPage = first.body;
    expect(firstPage.items.map((b) => b.title)).toEqual(["three", "two"]);
    const second = (await ws.get(`${base(account)}?limit=2&cursor=${encodeURIComponent(firstPage.cursor ?? "")}`)).body;
    expect(second).toMatchObject({ items: [{ title: "one" }], cursor: null });

    const keys = made.map((b) => b.ingest?.streamKey ?? "missing");
    const listed = (await ws.get(base(account))).text;
    const one = (await ws.get(`${base(account)}/${made[0]?.id}`)).text;
    for (const key of keys) {
      expect(listed).not.toContain(key);
      expect(one).not.toContain(key);
    }
    expect(listed).not.toContain("ingest");
    expect(one).not.toContain("rtmp");
  });

  it("reveals the stream credentials again on purpose, from the network, and audits it", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const b = await create(ws, account, { pageId: eligible, title: "Lost my key" });
    const revealed = await post(ws, account, b.id, "credentials");
    expect(revealed.status, revealed.text).toBe(200);
    expect(revealed.body).toEqual({ id: b.id, ingest: b.ingest });

    const audit = (await ws.get("/v1/audit")).body;
    const text = JSON.stringify(audit);
    expect(text).toContain("live.credentials_revealed");
    expect(text).toContain(b.id);
    expect(text).toContain(ws.keyId);
    expect(text).not.toContain(b.ingest?.streamKey ?? "missing");
  });

  it("answers what Meta refuses: a page under the follower minimum, a page not managed, more than seven days ahead", async () => {
    const ws = await testWorkspace(t);
    const { account, small, eligible } = await facebookPage(ws);
    const tooSmall = await ws.post(base(account), { pageId: small, title: "Too small" });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.error).toMatchObject({ code: "platform_rejected", platform: "facebook", fix: expect.stringContaining("at least 100 followers") });
    expect((await ws.post(base(account), { pageId: small, title: "x" })).error.message).toContain("100 followers");

    const stranger = await ws.post(base(account), { pageId: "999999999999999", title: "Not mine" });
    expect(stranger.status).toBe(400);
    expect(stranger.error).toMatchObject({ code: "field_invalid", param: "pageId" });

    const noPage = await ws.post(base(account), { title: "Where?" });
    expect(noPage.status).toBe(400);
    expect(noPage.error).toMatchObject({ code: "field_required", param: "pageId" });

    const far = new Date(t.clock.now().getTime() + 8 * 86400_000).toISOString();
    const tooFar = await ws.post(base(account), { pageId: eligible, title: "Next week+", scheduledStartTime: far });
    expect(tooFar.status).toBe(400);
    expect(tooFar.error).toMatchObject({ code: "broadcast_schedule_too_far", param: "scheduledStartTime", platform: "facebook" });

    // Nothing refused was stored.
    expect((await ws.get(base(account))).body).toEqual({ items: [], cursor: null });
  });

  it("surfaces sandbox faults as the spec's errors", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const b = await create(ws, account, { pageId: eligible, title: "Faulty" });
    const fault = (f: string | null) => ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault: f });

    await fault("rate_limited");
    const limited = await ws.get(`${base(account)}/${b.id}`);
    expect(limited.status).toBe(429);
    expect(limited.error).toMatchObject({ code: "rate_limited", platform: "facebook" });

    await fault("down");
    const down = await post(ws, account, b.id, "start");
    expect(down.status).toBe(502);
    expect(down.error).toMatchObject({ code: "platform_unavailable", retryable: true });

    await fault("revoked_permission");
    const revoked = await ws.post(base(account), { pageId: eligible, title: "No permission" });
    expect(revoked.status).toBe(409);
    expect(revoked.error.code).toBe("missing_permission");

    await fault(null);
    expect((await read(ws, account, b.id)).status).toBe("ready");
  });

  it("replays a create with the same Idempotency-Key: one broadcast on the network, the same credentials", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const send = () => ws.post(base(account), { pageId: eligible, title: "Once" }, { headers: { "Idempotency-Key": "go-live-1" } });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const [a, b] = [first.body, again.body];
    expect(b).toEqual(a);
    expect((await ws.get(base(account))).body.items).toHaveLength(1);
    const onNetwork = await t.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.workspaceId, ws.id), eq(sandboxRecords.kind, "live_video")));
    expect(onNetwork).toHaveLength(1);
  });

  it("an expired Facebook connection that cannot be renewed is 409 needs_reauth, and the account says so", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const b = await create(ws, account, { pageId: eligible, title: "Expiring" });
    // The 60-day user token runs out. (The expired_token fault would expire only the user token,
    // and the page token kept at connect outlives it, as Meta's long-lived page tokens do.)
    t.clock.advance(61 * 86400_000);
    const refused = await ws.get(`${base(account)}/${b.id}`);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "needs_reauth", type: "conflict", platform: "facebook" });
    expect((await ws.get(`/v1/social-accounts/${account}`)).body.status).toBe("needs_reauth");
    // From now on every live route says so before calling the network.
    expect((await ws.get(base(account))).error.code).toBe("needs_reauth");
  });
});

describe("live broadcasts on a YouTube channel, with a test key", () => {
  it("creates a broadcast with its stream, goes live, ends, and the recording is the replay", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "youtube");
    const created = await create(ws, account, { title: "Channel live", description: "From the studio" });
    expect(created).toMatchObject({ platform: "youtube", pageId: null, status: "ready", networkStatus: "ready", title: "Channel live" });
    expect(created.ingest).toEqual({ url: "rtmps://a.rtmps.youtube.com/live2", streamKey: expect.stringMatching(/^[\w-]{4}(-[\w-]{4}){4}$/) });
    expect((await post(ws, account, created.id, "credentials")).body).toEqual({ id: created.id, ingest: created.ingest });

    const endReady = await post(ws, account, created.id, "end");
    expect(endReady.status).toBe(409);
    expect(endReady.error.code).toBe("broadcast_state_invalid");

    expect((await post(ws, account, created.id, "start")).body).toMatchObject({ status: "live", networkStatus: "live" });
    const ended = (await post(ws, account, created.id, "end")).body;
    expect(ended).toMatchObject({ status: "replay_ready", networkStatus: "complete", replayUrl: `https://www.youtube.com/watch?v=${created.networkId}` });
    expect(ended.endedAt).toBe(t.clock.now().toISOString());
    const listed = (await ws.get(base(account))).text;
    expect(listed).not.toContain(created.ingest?.streamKey ?? "missing");
  });

  it("answers live_not_enabled for a channel YouTube has not enabled for live streaming, and stores nothing", async () => {
    const ws = await testWorkspace(t);
    const response = await ws.post("/v1/social-accounts/connect", { platform: "youtube", handle: `nolive_${++counter}` });
    const { id: account } = response.body;
    const refused = await ws.post(base(account), { title: "Not yet" });
    expect(refused.status).toBe(422);
    const error = refused.error;
    expect(error).toMatchObject({ code: "live_not_enabled", platform: "youtube" });
    expect(error.fix).toContain("youtube.com/features");
    expect((await ws.get(base(account))).body).toEqual({ items: [], cursor: null });
  });

  it("passes YouTube's title rule on as title_invalid", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "youtube");
    const refused = await ws.post(base(account), { title: "x".repeat(101) });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "title_invalid", platform: "youtube" });
  });
});

describe("live broadcasts elsewhere", () => {
  it.each(["bluesky", "twitter", "instagram", "linkedin"] as const)("%s answers capability_unsupported naming the networks that can", async (platform) => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await connect(ws, platform);
    for (const request of [
      ws.get(base(account)),
      ws.post(base(account), { title: "Nope" }),
      ws.get(`${base(account)}/live_aaaaaaaaaaaaaaaaaaaa`),
      ws.post(`${base(account)}/live_aaaaaaaaaaaaaaaaaaaa/start`),
      ws.post(`${base(account)}/live_aaaaaaaaaaaaaaaaaaaa/end`),
      ws.post(`${base(account)}/live_aaaaaaaaaaaaaaaaaaaa/credentials`),
    ]) {
      const response = await request;
      expect(response.status).toBe(400);
      const error = response.error;
      expect(error).toMatchObject({ code: "capability_unsupported", platform, param: "id" });
      expect(error.fix).toContain("Facebook");
    }
  });

  it("GET /v1/platforms shows which networks can go live", async () => {
    const ws = await testWorkspace(t);
    const body = (await ws.get("/v1/platforms")).body;
    const list = Array.isArray(body) ? body : body.items;
    const live = Object.fromEntries(list.map((p) => [p.platform, p.live]));
    expect(live.facebook).toEqual(["create", "read", "start", "end", "credentials"]);
    expect(live.youtube).toEqual(["create", "read", "start", "end", "credentials"]);
    expect(live.bluesky).toEqual([]);
  });
});

describe("live broadcast bad input", () => {
  it.each([
    [{}, "title"],
    [{ title: "" }, "title"],
    [{ title: "x".repeat(256) }, "title"],
    [{ title: "ok", pageId: "not-a-page" }, "pageId"],
    [{ title: "ok", description: 5 }, "description"],
    [{ title: "ok", scheduledStartTime: "tomorrow" }, "scheduledStartTime"],
    [{ title: "ok", scheduledStartTime: "2030-02-30T10:00:00Z" }, "scheduledStartTime"],
    [{ title: "ok", scheduledStartTime: "2030-01-10T10:00:00" }, "scheduledStartTime"],
    [{ title: "ok", scheduledStartTime: "2020-01-10T10:00:00Z" }, "scheduledStartTime"],
    [{ title: "ok", streamKey: "mine" }, "streamKey"],
  ])("%j is a 400 naming %s, and stores nothing", async (json, param) => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const body = "pageId" in json ? json : { pageId: eligible, ...json };
    const response = await ws.post(base(account), body);
    expect(response.status, response.text).toBe(400);
    const error = response.error;
    expect(error.param).toBe(param);
    expect(error.fix).toBeTruthy();
    expect((await ws.get(base(account))).body).toEqual({ items: [], cursor: null });
  });

  it("refuses bodies on start and end, bad limits and tampered cursors", async () => {
    const ws = await testWorkspace(t);
    const { account, eligible } = await facebookPage(ws);
    const b = await create(ws, account, { pageId: eligible, title: "Inputs" });
    const withBody = await ws.post(`${base(account)}/${b.id}/start`, { now: true });
    expect(withBody.status).toBe(400);
    for (const query of ["?limit=0", "?limit=101", "?limit=abc", "?cursor=forged.cursor", "?other=1"]) {
      const response = await ws.get(`${base(account)}${query}`);
      expect(response.status, query).toBe(400);
      expect(response.error.fix, query).toBeTruthy();
    }
    const unknown = await ws.get(`${base(account)}/live_doesnotexist000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "resource_not_found", param: "liveId" });
  });

  it("another account's broadcast id is 404 on this account", async () => {
    const ws = await testWorkspace(t);
    const first = await facebookPage(ws);
    const second = await facebookPage(ws);
    const b = await create(ws, first.account, { pageId: first.eligible, title: "First's" });
    for (const path of [`${base(second.account)}/${b.id}`]) expect((await ws.get(path)).status).toBe(404);
    expect((await post(ws, second.account, b.id, "start")).status).toBe(404);
  });
});
