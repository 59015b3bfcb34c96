import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords } from "../../src/db/schema/index.js";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import type { Database } from "../../src/db/types.js";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";
import { createMemorySandboxStore } from "../../src/sandbox/memory-store.js";
import type { SandboxStore } from "../../src/sandbox/types.js";
import { skipWithout } from "../support/required-service.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { recordStatements } from "../support/count-statements.js";
import { createTestApp } from "../support/test-app.js";

const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "the sandbox store on the PostgreSQL server");

async function worldOf(db: Database): Promise<string> {
  const created = await createWorkspace(db, { name: "Sandbox store", email: `store-${crypto.randomUUID()}@example.com`, plan: "free", keyMode: "test", actor: "test", at: new Date() });
  return created.workspaceId;
}

/** The same behaviour from every store the simulators run on. */
function storeContract(open: () => Promise<{ store: () => Promise<SandboxStore> }>) {
  let make: () => Promise<SandboxStore>;
  beforeAll(async () => {
    make = (await open()).store;
  });

  it("reads a record and the record its field names in one call", async () => {
    const store = await make();
    await store.put("twitter", "account", "a1", { id: "a1", handle: "ada" }, "a1");
    await store.put("twitter", "token", "t1", { accountId: "a1", kind: "access" }, "a1");
    const both = await store.getLinked<{ accountId: string }, { handle: string }>("twitter", "token", "t1", { field: "accountId", kind: "account" });
    expect(both.record?.id).toBe("t1");
    expect(both.record?.data.accountId).toBe("a1");
    expect(both.linked?.id).toBe("a1");
    expect(both.linked?.data.handle).toBe("ada");
  });

  it("reads the record of another kind under the same id with them, when asked", async () => {
    const store = await make();
    await store.put("facebook", "account", "f1", { handle: "fay" }, "f1");
    await store.put("facebook", "token", "ft", { accountId: "f1" }, "f1");
    await store.put("facebook", "token_meta", "ft", { door: "facebook_login" }, "f1");
    await store.put("facebook", "token_meta", "other", { door: "instagram_login" }, "f1");
    const read = await store.getLinked<unknown, { handle: string }, { door: string }>("facebook", "token", "ft", { field: "accountId", kind: "account", alongside: "token_meta" });
    expect(read.record?.id).toBe("ft");
    expect(read.linked?.data.handle).toBe("fay");
    expect(read.alongside?.data.door).toBe("facebook_login");
    expect((await store.getLinked("facebook", "token", "ft", { field: "accountId", kind: "account" })).alongside).toBeNull();
    await store.put("facebook", "token", "bare", { accountId: "f1" }, "f1");
    expect((await store.getLinked("facebook", "token", "bare", { field: "accountId", kind: "account", alongside: "token_meta" })).alongside).toBeNull();
  });

  it("answers null for what is missing, and never a record of another platform or kind", async () => {
    const store = await make();
    await store.put("twitter", "account", "a2", { handle: "bob" }, "a2");
    await store.put("twitter", "token", "t2", { accountId: "gone" }, "a2");
    await store.put("linkedin", "token", "t3", { accountId: "a2" }, "a2");
    expect(await store.getLinked("twitter", "token", "nope", { field: "accountId", kind: "account" })).toEqual({ record: null, linked: null, alongside: null });
    const dangling = await store.getLinked("twitter", "token", "t2", { field: "accountId", kind: "account" });
    expect(dangling.record?.id).toBe("t2");
    expect(dangling.linked).toBeNull();
    // The linked account is looked up on the record's own platform: LinkedIn has no a2.
    expect((await store.getLinked("linkedin", "token", "t3", { field: "accountId", kind: "account" })).linked).toBeNull();
    // A token id that is also an account id of the platform is still read as the token.
    await store.put("twitter", "account", "t2", { handle: "same-id" }, "t2");
    expect((await store.getLinked<{ accountId: string }, unknown>("twitter", "token", "t2", { field: "accountId", kind: "account" })).record?.data.accountId).toBe("gone");
  });

  it("sees a write at once: put replaces data and owner, delete removes", async () => {
    const store = await make();
    await store.put("youtube", "account", "y1", { fault: null }, "y1");
    await store.put("youtube", "token", "yt", { accountId: "y1" }, "y1");
    await store.put("youtube", "account", "y1", { fault: "slow" }, "other");
    const after = await store.getLinked<unknown, { fault: string | null }>("youtube", "token", "yt", { field: "accountId", kind: "account" });
    expect(after.linked?.data.fault).toBe("slow");
    expect(after.linked?.owner).toBe("other");
    expect((await store.list("youtube", "account", { owner: "other" })).map((r) => r.id)).toEqual(["y1"]);
    expect(await store.list("youtube", "account", { owner: "y1" })).toEqual([]);
    await store.delete("youtube", "account", "y1");
    expect(await store.get("youtube", "account", "y1")).toBeNull();
    expect((await store.getLinked("youtube", "token", "yt", { field: "accountId", kind: "account" })).linked).toBeNull();
  });

  it("keeps each workspace's world apart", async () => {
    const mine = await make();
    const theirs = await make();
    await mine.put("pinterest", "account", "p1", { handle: "mine" }, "p1");
    await mine.put("pinterest", "token", "pt", { accountId: "p1" }, "p1");
    expect(await theirs.get("pinterest", "token", "pt")).toBeNull();
    expect(await theirs.getLinked("pinterest", "token", "pt", { field: "accountId", kind: "account" })).toEqual({ record: null, linked: null, alongside: null });
    await theirs.put("pinterest", "account", "p1", { handle: "theirs" }, "p1");
    expect((await mine.getLinked<unknown, { handle: string }>("pinterest", "token", "pt", { field: "accountId", kind: "account" })).linked?.data.handle).toBe("mine");
  });
}

describe("the sandbox store in memory", () => {
  storeContract(async () => ({ store: async () => createMemorySandboxStore() }));
});

describe("the sandbox store on PGlite", () => {
  let close: () => Promise<void> = async () => {};
  afterAll(() => close());
  storeContract(async () => {
    const t = await createTestApp();
    close = () => t.close();
    return { store: async () => createDbSandboxStore(t.db, await worldOf(t.db)) };
  });
});

describe("the sandbox store's record cache on PGlite (a database only this process opens)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers a record read before, or just written, without a statement, and what every store on the database wrote", async () => {
    const world = await worldOf(t.db);
    const store = createDbSandboxStore(t.db, world);
    const other = createDbSandboxStore(t.db, world);
    await store.put("tiktok", "account", "c1", { handle: "cleo", fault: null }, "c1");
    await store.put("tiktok", "token", "ct", { accountId: "c1" }, "c1");
    const recorder = recordStatements(t.db);
    const read = await store.getLinked<unknown, { handle: string }>("tiktok", "token", "ct", { field: "accountId", kind: "account" });
    expect(read.linked?.data.handle).toBe("cleo");
    expect(await store.get("tiktok", "nothing", "here")).toBeNull();
    expect(recorder.statements).toHaveLength(1);
    expect(await store.get("tiktok", "nothing", "here")).toBeNull();
    // Another store on the same database (another runtime) writes: every reader sees it at once.
    await other.put("tiktok", "account", "c1", { handle: "cleo", fault: "slow" }, "c1");
    await other.put("tiktok", "nothing", "here", { now: "something" });
    recorder.stop();
    expect(recorder.statements).toHaveLength(3);
    expect((await store.get<{ fault: string }>("tiktok", "account", "c1"))?.data.fault).toBe("slow");
    expect((await store.get<{ now: string }>("tiktok", "nothing", "here"))?.data.now).toBe("something");
    await other.delete("tiktok", "token", "ct");
    expect(await store.getLinked("tiktok", "token", "ct", { field: "accountId", kind: "account" })).toEqual({ record: null, linked: null, alongside: null });
  });

  it("hands out copies, keeps what the table keeps (JSON), and never lets a read that started before a write undo it", async () => {
    const store = createDbSandboxStore(t.db, await worldOf(t.db));
    const written = { list: [1], at: new Date("2026-01-02T03:04:05.000Z"), gone: undefined };
    await store.put("threads", "thing", "x", written);
    written.list.push(2);
    const first = await store.get<{ list: number[]; at: unknown }>("threads", "thing", "x");
    expect(first?.data).toEqual({ list: [1], at: "2026-01-02T03:04:05.000Z" });
    expect(Object.keys(first?.data ?? {})).not.toContain("gone");
    first?.data.list.push(3);
    expect((await store.get<{ list: number[] }>("threads", "thing", "x"))?.data.list).toEqual([1]);

    const fresh = createDbSandboxStore(t.db, await worldOf(t.db));
    const slowRead = fresh.get<{ v: number }>("threads", "thing", "y");
    await fresh.put("threads", "thing", "y", { v: 2 });
    await slowRead;
    expect((await fresh.get<{ v: number }>("threads", "thing", "y"))?.data.v).toBe(2);
  });
});

describe.skipIf(!postgres.ok)("the sandbox store on the PostgreSQL server", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  storeContract(async () => {
    const database = await createThrowawayDatabase();
    cleanups.push(database.close);
    const opened = await openServerDatabase(database.url);
    cleanups.push(opened.close);
    return { store: async () => createDbSandboxStore(opened.db, await worldOf(opened.db)) };
  });

  it("keeps no copy: other processes write the same rows, so a change made behind the store is read at once", async () => {
    const database = await createThrowawayDatabase();
    cleanups.push(database.close);
    const opened = await openServerDatabase(database.url);
    cleanups.push(opened.close);
    const world = await worldOf(opened.db);
    const store = createDbSandboxStore(opened.db, world);
    await store.put("twitter", "account", "s1", { fault: null }, "s1");
    expect((await store.get<{ fault: string | null }>("twitter", "account", "s1"))?.data.fault).toBeNull();
    await opened.db
      .update(sandboxRecords)
      .set({ data: { fault: "down" } })
      .where(and(eq(sandboxRecords.workspaceId, world), eq(sandboxRecords.id, "s1")));
    expect((await store.get<{ fault: string | null }>("twitter", "account", "s1"))?.data.fault).toBe("down");
  });
});
