import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, posts, socialAccounts, webhookEndpoints } from "../../src/db/schema/index.js";
import { createApiKey } from "../../src/domain/keys/create-api-key.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * A workspace's test and live keys see two separate worlds: a by-id read with one key never
 * answers the other mode's record, and says nothing about it (404). Each case makes its record
 * with the test key, then the record's row is moved to live mode, so the same id is read once
 * from each side: first the owning mode sees it (200, so a 404 means the filter, not a bad id),
 * then the other mode gets 404, both ways.
 */

type Table = typeof posts | typeof socialAccounts | typeof webhookEndpoints | typeof events;

interface ModeCase {
  name: string;
  table: Table;
  /** Makes the record with the test key; answers its id. */
  make: (t: TestApp, ws: WorkspaceFixture) => Promise<string>;
  path: (id: string) => string;
}

async function connectBluesky(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function makePost(ws: WorkspaceFixture, handle: string): Promise<string> {
  const account = await connectBluesky(ws, handle);
  const response = await ws.post("/v1/posts", { text: `one mode only ${handle}`, accounts: [account], draft: true });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function makeWebhook(ws: WorkspaceFixture): Promise<string> {
  // A test key's endpoint may be a local receiver; nothing is sent to it here.
  const response = await ws.post("/v1/webhooks", { url: "http://127.0.0.1:9/chorus" });
  expect(response.status).toBe(201);
  return response.body.id;
}

const cases: ModeCase[] = [
  { name: "a post", table: posts, make: (_t, ws) => makePost(ws, "mode-post.test"), path: (id) => `/v1/posts/${id}` },
  { name: "a post's comments", table: posts, make: (_t, ws) => makePost(ws, "mode-comments.test"), path: (id) => `/v1/posts/${id}/comments` },
  { name: "a social account", table: socialAccounts, make: (_t, ws) => connectBluesky(ws, "mode-account.test"), path: (id) => `/v1/social-accounts/${id}` },
  { name: "an account's publishing targets", table: socialAccounts, make: (_t, ws) => connectBluesky(ws, "mode-targets.test"), path: (id) => `/v1/social-accounts/${id}/targets` },
  { name: "a webhook endpoint", table: webhookEndpoints, make: (_t, ws) => makeWebhook(ws), path: (id) => `/v1/webhooks/${id}` },
  {
    name: "an event",
    table: events,
    make: async (t, ws) => {
      await makePost(ws, "mode-event.test");
      const [event] = await t.db.select({ id: events.id }).from(events).where(eq(events.workspaceId, ws.id)).limit(1);
      if (!event) throw new Error("creating a post records an event");
      return event.id;
    },
    path: (id) => `/v1/events/${id}`,
  },
];

describe("test and live keys on by-id reads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
  });

  it.each(cases)("$name: each mode reads its own record by id, and the other mode gets 404", async ({ table, make, path }) => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const live = await createApiKey(t.db, { workspaceId: ws.id, mode: "live", name: "live", actor: "operator", at: t.clock.now() });
    const send = anonymous(t.app);
    const asLive = (p: string) => send(p, { headers: { authorization: `Bearer ${live.key}` } });
    const id = await make(t, ws);

    expect((await ws.get(path(id))).status, "the test key sees its own record").toBe(200);
    const fromLive = await asLive(path(id));
    expect(fromLive.status, "the live key reads a test record").toBe(404);

    await t.db.update(table).set({ mode: "live" }).where(eq(table.id, id));
    expect((await asLive(path(id))).status, "the live key sees its own record").toBe(200);
    expect((await ws.get(path(id))).status, "the test key reads a live record").toBe(404);
  });
});
