import { describe, expect, it } from "vitest";
import { advance, isNew, isOlder } from "../../src/domain/inbox/polling/poll-watermark.js";
import { pollWindows } from "../../src/domain/inbox/polling/sweep-inbox-polls.js";

const item = (id: string, createdAt: string) => ({ id, createdAt, inbound: null });

describe("poll windows", () => {
  it("plans one job per window starting within the horizon, the current one due now, keyed so a second sweep queues nothing new", () => {
    const now = new Date("2026-11-21T12:00:10.000Z");
    const windows = pollWindows("acc_one", 30_000, now, 60_000);
    expect(windows.length).toBeGreaterThanOrEqual(2);
    expect(windows.length).toBeLessThanOrEqual(3);
    expect(windows[0]?.runAt).toEqual(now);
    for (const [i, w] of windows.entries()) {
      if (i > 0) expect(w.runAt.getTime() - (windows[i - 1]?.runAt.getTime() ?? 0)).toBeLessThanOrEqual(30_000);
      expect(w.runAt.getTime()).toBeLessThan(now.getTime() + 60_000);
    }
    expect(new Set(windows.map((w) => w.key)).size).toBe(windows.length);
    // The next minute's sweep continues where this one stopped: its first window is this one's last or later.
    const next = pollWindows("acc_one", 30_000, new Date(now.getTime() + 60_000), 60_000);
    const keys = new Set(windows.map((w) => w.key));
    expect(next.filter((w) => keys.has(w.key)).length).toBeLessThanOrEqual(1);
    const lastIndex = (ws: typeof windows) => Number(ws.at(-1)?.key.split(":").at(-1));
    expect(Number(next[0]?.key.split(":").at(-1))).toBeLessThanOrEqual(lastIndex(windows) + 1);
  });

  it("spreads accounts over the interval instead of polling them all in the same second", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    const firstRuns = new Set(Array.from({ length: 50 }, (_, i) => pollWindows(`acc_${i}`, 60_000, now, 60_000).at(-1)?.runAt.getTime()));
    expect(firstRuns.size).toBeGreaterThan(40);
  });
});

describe("the high-water mark", () => {
  it("is new above the mark, or at its second when not yet seen; older items stop the paging", () => {
    const mark = { at: new Date("2026-11-21T12:00:00.000Z"), ids: ["a"] };
    expect(isNew(item("b", "2026-11-21T12:00:01.000Z"), mark)).toBe(true);
    expect(isNew(item("a", "2026-11-21T12:00:00.000Z"), mark)).toBe(false);
    expect(isNew(item("c", "2026-11-21T12:00:00.000Z"), mark)).toBe(true);
    expect(isNew(item("d", "2026-11-21T11:59:59.000Z"), mark)).toBe(false);
    expect(isOlder(item("d", "2026-11-21T11:59:59.000Z"), mark)).toBe(true);
    expect(isNew(item("x", "2020-01-01T00:00:00.000Z"), { at: null, ids: [] })).toBe(true);
  });

  it("moves to the newest item and keeps every id of that second; it never moves back", () => {
    const mark = { at: new Date("2026-11-21T12:00:00.000Z"), ids: ["a"] };
    expect(advance(mark, [item("c", "2026-11-21T12:00:00.000Z"), item("old", "2026-11-21T11:00:00.000Z")])).toEqual({ at: mark.at, ids: ["a", "c"] });
    expect(advance(mark, [item("n1", "2026-11-21T12:00:05.000Z"), item("n2", "2026-11-21T12:00:05.000Z")])).toEqual({ at: new Date("2026-11-21T12:00:05.000Z"), ids: ["n1", "n2"] });
    expect(advance(mark, [item("old", "2026-11-21T11:00:00.000Z")])).toEqual(mark);
    expect(advance({ at: null, ids: [] }, [])).toEqual({ at: null, ids: [] });
  });
});
