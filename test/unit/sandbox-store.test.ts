import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import type { Database } from "../../src/db/types.js";
import { createDbSandboxStore } from "../../src/domain/sandbox/db-sandbox-store.js";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";
import { createMemorySandboxStore } from "../../src/sandbox/memory-store.js";
import type { SandboxStore } from "../../src/sandbox/types.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { createTestApp } from "../support/test-app.js";

const postgres = await postgresAvailable();
if (!postgres.ok) console.warn(`[skipped] the sandbox store on the PostgreSQL server: ${postgres.reason}`);

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
});
