import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/db/schema/index.js";
import { recordEvent } from "../../src/domain/events/record-event.js";
import { agentRequest, approvedAgent, type GrantForm } from "../support/agent-oauth.js";
import { receive } from "../support/conversations.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace, workspaceFixture } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const allEvents = async (who: WorkspaceFixture, query = "") => (await who.read(`/v1/events?limit=100${query}`)).items;

type Event = Awaited<ReturnType<typeof allEvents>>[number];

/** Every page of one at a time: a page the grant emptied would show here as an empty page. */
async function pagedOneByOne(who: WorkspaceFixture, path: "/v1/events" | "/v1/posts" | "/v1/social-accounts" = "/v1/events"): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const body = await who.read(`${path}?limit=1${after}`);
    // /v1/social-accounts pages as `accounts` and `nextCursor`; the others as `items` and `cursor`.
    const [items, next]: [{ id: string }[], string | null] = "items" in body ? [body.items, body.cursor] : [body.accounts, body.nextCursor];
    expect(items.length, `a page of ${path} the grant emptied`).toBe(1);
    ids.push(...items.map((e) => e.id));
    cursor = next;
  } while (cursor);
  return ids;
}

async function publish(ws: WorkspaceFixture, accounts: string[], text: string): Promise<string> {
  t.clock.advance(1000);
  return (await ws.publish({ text, accounts })).id;
}

/**
 * Two brands: acme (Bluesky and X) and other (Bluesky and a Facebook page that gets a private
 * message); a post per account, one to both of acme's, and a workspace event (webhook.disabled).
 */
async function world() {
  const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 100 });
  const brand = async (username: string) => (await ws.createProfile({ username })).id;
  const acme = await brand("acme");
  await brand("other");
  const connectAt = async (platform: "bluesky" | "twitter" | "facebook", profile: string) => {
    t.clock.advance(1000);
    return (await ws.connect(platform, { profile })).id;
  };
  const acmeBsky = await connectAt("bluesky", "acme");
  const acmeX = await connectAt("twitter", "acme");
  const otherBsky = await connectAt("bluesky", "other");
  const otherPage = await connectAt("facebook", "other");
  expect((await ws.post(`/v1/social-accounts/${otherPage}/webhook`, {})).status).toBe(200);
  await receive(ws, otherPage, "the other brand's private message");
  const inside = await publish(ws, [acmeBsky], "acme on bluesky");
  const mixed = await publish(ws, [acmeBsky, acmeX], "acme on bluesky and x");
  const otherPost = await publish(ws, [otherBsky], "other on bluesky");
  await recordEvent(t.db, t.jobRuntime().services.jobs, {
    workspaceId: ws.id,
    mode: "test",
    type: "webhook.disabled",
    data: { id: "whk_gone", url: "https://hooks.example/private", reason: "test" },
    at: t.clock.now(),
  });
  const agent = async (grant: GrantForm) => {
    const { tokens, agentId } = await approvedAgent(t, ws, { actions: ["read"], ...grant });
    return workspaceFixture(t, { id: ws.id, key: tokens.access_token, keyId: agentId, request: agentRequest(t, tokens.access_token) });
  };
  return { ws, acme, acmeBsky, acmeX, otherBsky, otherPage, inside, mixed, otherPost, agent };
}

/** What an event names: the oracle is the data itself, not the stored column the query reads. */
const names = (event: Event, id: string) => JSON.stringify(event.data).includes(id);

describe("an agent's lists fill their pages with what the grant reaches", () => {
  it("posts and social accounts: the newest records are another brand's, and the first page of one is still the agent's", async () => {
    const w = await world();
    const agent = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    // The owner's newest post and account are the other brand's: a page filtered after reading would be empty.
    const ownerPosts = await w.ws.read("/v1/posts?limit=1");
    expect(ownerPosts.items.map((p) => p.id)).toEqual([w.otherPost]);
    const ownerAccounts = await w.ws.read("/v1/social-accounts?limit=1");
    expect(ownerAccounts.accounts.map((a) => a.id)).toEqual([w.otherPage]);
    expect(await pagedOneByOne(agent, "/v1/posts")).toEqual([w.inside]);
    expect(await pagedOneByOne(agent, "/v1/social-accounts")).toEqual([w.acmeBsky]);
  });
});

describe("the event log and an agent's grant", () => {
  it("shows an agent of one brand and one network only the events of accounts within both, on every page and by id", async () => {
    const w = await world();
    const owned = await allEvents(w.ws);
    // The owner's log holds every one of them: what the agent misses is there to be missed.
    expect(owned.some((e) => e.type === "message.received" && e.data.text === "the other brand's private message")).toBe(true);
    expect(owned.some((e) => e.type === "webhook.disabled")).toBe(true);
    for (const post of [w.inside, w.mixed, w.otherPost]) expect(owned.some((e) => e.type.startsWith("post.") && e.data.id === post)).toBe(true);

    const agent = await w.agent({ profiles: [w.acme], platforms: ["bluesky"] });
    const outside = [w.acmeX, w.otherBsky, w.otherPage];
    const expected = owned.filter((e) => names(e, w.acmeBsky) && !outside.some((id) => names(e, id))).map((e) => e.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const seen = await allEvents(agent);
    expect(seen.map((e) => e.id)).toEqual(expected);
    expect(seen.some((e) => e.type.startsWith("post.") && e.data.id === w.inside)).toBe(true);
    expect(await pagedOneByOne(agent)).toEqual(expected);
    const text = (await agent.get("/v1/events?limit=100")).text;
    for (const hidden of ["the other brand's private message", "hooks.example", w.mixed, w.otherPost, ...outside]) expect(text).not.toContain(hidden);
    expect((await allEvents(agent, "&type=message.received")).length).toBe(0);

    for (const event of owned) {
      const response = await agent.get(`/v1/events/${event.id}`);
      if (expected.includes(event.id)) {
        expect(response.status).toBe(200);
      } else {
        expect(response.status, event.type).toBe(404);
        const error = response.error;
        expect(error.code).toBe("resource_not_found");
        for (const field of ["text", "handle"]) {
          const value = event.data[field];
          if (typeof value === "string") expect(JSON.stringify(error)).not.toContain(value);
        }
      }
    }
  });

  it("narrows by network alone, and shows the workspace's own events only to an agent granted every brand and network", async () => {
    const w = await world();
    const owned = await allEvents(w.ws);
    const bluesky = await w.agent({ profiles: "all", platforms: ["bluesky"] });
    const visible = await allEvents(bluesky);
    expect(visible.some((e) => names(e, w.otherBsky))).toBe(true);
    expect(visible.some((e) => names(e, w.acmeX) || names(e, w.otherPage))).toBe(false);
    expect(visible.some((e) => e.type === "webhook.disabled")).toBe(false);
    const workspaceEvent = owned.find((e) => e.type === "webhook.disabled");
    expect((await bluesky.get(`/v1/events/${workspaceEvent?.id}`)).status).toBe(404);

    const everything = await w.agent({ profiles: "all", platforms: "all" });
    expect((await allEvents(everything)).map((e) => e.id)).toEqual(owned.map((e) => e.id));
  });
});

describe("migration 0023", () => {
  it("gives events recorded before it the accounts recording gives them now", async () => {
    const w = await world();
    const recorded = await t.db.select({ id: events.id, type: events.type, accountIds: events.accountIds }).from(events).where(eq(events.workspaceId, w.ws.id));
    expect(new Set(recorded.map((e) => e.type))).toEqual(new Set(["account.connected", "message.received", "post.published", "webhook.disabled"]));
    expect(recorded.every((e) => (e.type === "webhook.disabled" ? e.accountIds.length === 0 : e.accountIds.length > 0))).toBe(true);
    await t.db.update(events).set({ accountIds: [] }).where(eq(events.workspaceId, w.ws.id));
    const migration = await readFile(new URL("../../migrations/0023_event_accounts.sql", import.meta.url), "utf8");
    // The statements after the column's creation, run again on the emptied rows.
    for (const statement of migration.split("--> statement-breakpoint").slice(1)) await t.db.execute(sql.raw(statement));
    const filled = await t.db.select({ id: events.id, accountIds: events.accountIds }).from(events).where(eq(events.workspaceId, w.ws.id));
    const sorted = (rows: { id: string; accountIds: string[] }[]) => rows.map((r) => ({ id: r.id, accountIds: [...r.accountIds].sort() })).sort((a, b) => a.id.localeCompare(b.id));
    expect(sorted(filled)).toEqual(sorted(recorded));
  });
});
