import { describe, expect, it } from "vitest";
import { type FetchedSource, fetchSource, freshState, mergePages, type SourceState } from "../../src/networks/merge-pages.js";
import { signSpanningCursor, verifySpanningCursor } from "../../src/domain/accounts/reads/spanning-cursor.js";
import { ApiError } from "../../src/infra/errors.js";

interface Item {
  id: string;
  createdAt: string;
}

/** A network holding items newest first, paged by offset, with an optional failure on one page. */
class FakeNetwork {
  constructor(
    readonly key: string,
    readonly items: Item[],
    readonly failOnCall: number | null = null,
  ) {}
  calls = 0;
  async page(cursor: string | null, size: number): Promise<{ items: Item[]; cursor: string | null }> {
    this.calls += 1;
    if (this.failOnCall === this.calls) throw new Error("down");
    const start = cursor ? Number(cursor) : 0;
    const items = this.items.slice(start, start + size);
    return { items, cursor: start + size < this.items.length ? String(start + size) : null };
  }
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();
const items = (prefix: string, minutes: number[]) => minutes.map((m, i) => ({ id: `${prefix}${i}`, createdAt: at(m) }));

/** Reads every page through the merge as the domain helper does; failed networks keep their state. */
async function readAll(networks: FakeNetwork[], limit: number, maxPages = 50) {
  let states: Record<string, SourceState> = Object.fromEntries(networks.map((n) => [n.key, freshState]));
  const pages: string[][] = [];
  for (let p = 0; p < maxPages; p++) {
    const fetched: FetchedSource<Item>[] = [];
    for (const network of networks) {
      const state = states[network.key] ?? freshState;
      if (state.done) continue;
      try {
        fetched.push(await fetchSource(network.key, state, limit, (cursor, size) => network.page(cursor, size)));
      } catch {
        // a problem entry: position kept
      }
    }
    const merged = mergePages(fetched, limit);
    states = { ...states, ...merged.states };
    pages.push(merged.items.map((m) => m.item.id));
    if (Object.values(states).every((s) => s.done)) return { pages, finished: true };
  }
  return { pages, finished: false };
}

describe("mergePages", async () => {
  it("merges interleaved networks newest first across pages, losing and repeating nothing", async () => {
    const a = new FakeNetwork("acc_a", items("a", [59, 50, 41, 30, 22, 10, 3]));
    const b = new FakeNetwork("acc_b", items("b", [58, 57, 40, 39, 21, 20, 2, 1]));
    const c = new FakeNetwork("acc_c", items("c", [55, 45, 35]));
    const { pages, finished } = await readAll([a, b, c], 4);
    expect(finished).toBe(true);
    const all = [...a.items, ...b.items, ...c.items].sort((x, y) => (x.createdAt < y.createdAt ? 1 : -1)).map((i) => i.id);
    expect(pages.flat()).toEqual(all);
    expect(pages[0]).toEqual(["a0", "b0", "b1", "c0"]);
    for (const page of pages.slice(0, -1)) expect(page.length).toBeGreaterThan(0);
  });

  it("keeps going with the others when one network ends early", async () => {
    const short = new FakeNetwork("acc_a", items("a", [59]));
    const long = new FakeNetwork("acc_b", items("b", [58, 50, 40, 30, 20, 10]));
    const { pages } = await readAll([short, long], 2);
    expect(pages).toEqual([["a0", "b0"], ["b1", "b2"], ["b3", "b4"], ["b5"]]);
    // The finished network is not asked again.
    expect(short.calls).toBe(1);
  });

  it("does not hold the others back for a short page that names a cursor (Bluesky's last page)", () => {
    const merged = mergePages(
      [
        { key: "acc_a", state: freshState, pages: [{ cursor: null, items: items("a", [59]), next: "end" }], size: 10 },
        { key: "acc_b", state: freshState, pages: [{ cursor: null, items: items("b", [58, 57]), next: null }], size: 10 },
      ],
      10,
    );
    expect(merged.items.map((m) => m.item.id)).toEqual(["a0", "b0", "b1"]);
    // acc_a is asked again on the next page, from its cursor.
    expect(merged.states.acc_a).toEqual({ cursor: "end", size: null, after: null, done: false });
    expect(merged.states.acc_b?.done).toBe(true);
  });

  it("breaks equal times by account key, then the network's own order", async () => {
    const b = new FakeNetwork("acc_b", [
      { id: "z", createdAt: at(5) },
      { id: "y", createdAt: at(5) },
    ]);
    const a = new FakeNetwork("acc_a", [{ id: "q", createdAt: at(5) }]);
    expect((await readAll([b, a], 10)).pages).toEqual([["q", "z", "y"]]);
  });

  it("resumes a network that failed on page 2 where it stopped, without losing its items", async () => {
    const flaky = new FakeNetwork("acc_a", items("a", [59, 50, 40, 30]), 2);
    const steady = new FakeNetwork("acc_b", items("b", [58, 45, 35, 25]));
    const { pages } = await readAll([flaky, steady], 2);
    expect(pages[0]).toEqual(["a0", "b0"]);
    // Page 2: acc_a fails, acc_b answers alone.
    expect(pages[1]).toEqual(["b1", "b2"]);
    // acc_a comes back from its own position: nothing lost, nothing repeated.
    expect(pages.flat().sort()).toEqual(["a0", "a1", "a2", "a3", "b0", "b1", "b2", "b3"]);
  });

  it("never emits past a network whose pages ran out while it has more", () => {
    // acc_a's page held one item and more wait at the network: after a0 the merge stops rather
    // than return acc_b's items, which may be older than acc_a's unseen ones.
    const first = mergePages(
      [
        { key: "acc_a", state: freshState, pages: [{ cursor: null, items: items("a", [59]), next: "1" }], size: 1 },
        { key: "acc_b", state: freshState, pages: [{ cursor: null, items: items("b", [58, 57]), next: null }], size: 10 },
      ],
      10,
    );
    expect(first.items.map((m) => m.item.id)).toEqual(["a0"]);
    expect(first.states.acc_a).toEqual({ cursor: "1", size: null, after: null, done: false });
    expect(first.states.acc_b).toEqual(freshState);
  });

  it("fetches ahead when the page it stopped in has too little left, and stops at the network's end", async () => {
    const network = new FakeNetwork("acc_a", items("a", [59, 58, 57, 56, 55]));
    const state: SourceState = { cursor: null, size: 2, after: { id: "a0", createdAt: at(59) }, done: false };
    const source = await fetchSource("acc_a", state, 4, (cursor, size) => network.page(cursor, size));
    // The partly returned page is followed by one more; that one is fresh and is taken as it is.
    expect(source.pages.map((p) => p.cursor)).toEqual([null, "2"]);
    const merged = mergePages([source], 2);
    expect(merged.items.map((m) => m.item.id)).toEqual(["a1", "a2"]);
    expect(merged.states.acc_a).toEqual({ cursor: "2", size: 2, after: { id: "a2", createdAt: at(57) }, done: false });
  });

  it("skips what was already returned by id, and by time when that item is gone", () => {
    const state: SourceState = { cursor: null, size: 3, after: { id: "a1", createdAt: at(50) }, done: false };
    const again = mergePages([{ key: "acc_a", state, pages: [{ cursor: null, items: items("a", [59, 50, 40]), next: "3" }], size: 3 }], 5);
    expect(again.items.map((m) => m.item.id)).toEqual(["a2"]);
    const gone = mergePages(
      [
        {
          key: "acc_a",
          state,
          pages: [
            {
              cursor: null,
              items: [
                { id: "a0", createdAt: at(59) },
                { id: "a2", createdAt: at(40) },
              ],
              next: null,
            },
          ],
          size: 3,
        },
      ],
      5,
    );
    expect(gone.items.map((m) => m.item.id)).toEqual(["a2"]);
    expect(gone.states.acc_a?.done).toBe(true);
  });
});

describe("spanning cursor", async () => {
  const scope = { list: "notifications", workspaceId: "ws_1", mode: "test", account: null };
  const states: Record<string, SourceState> = { acc_a: { cursor: "x", size: 50, after: { id: "n1", createdAt: at(1) }, done: false }, acc_b: { ...freshState, done: true } };

  it("round-trips every account's position", async () => {
    const cursor = await signSpanningCursor("secret", scope, states);
    expect(await verifySpanningCursor("secret", scope, cursor)).toEqual(states);
  });

  it("refuses a tampered cursor, another secret, another workspace and another account filter", async () => {
    const cursor = await signSpanningCursor("secret", scope, states);
    const [body = "", signature = ""] = cursor.split(".");
    const edited = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/"))) as { accounts: Record<string, { c: string }> };
    if (edited.accounts.acc_a) edited.accounts.acc_a.c = "y";
    const forged = `${btoa(JSON.stringify(edited)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}.${signature}`;
    const refusals = [
      () => verifySpanningCursor("secret", scope, forged),
      () => verifySpanningCursor("other", scope, cursor),
      () => verifySpanningCursor("secret", { ...scope, workspaceId: "ws_2" }, cursor),
      () => verifySpanningCursor("secret", { ...scope, account: "acc_a" }, cursor),
      () => verifySpanningCursor("secret", scope, "garbage"),
    ];
    for (const refusal of refusals) {
      const error = await refusal().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("cursor_invalid");
      expect((error as ApiError).param).toBe("cursor");
    }
  });
});
