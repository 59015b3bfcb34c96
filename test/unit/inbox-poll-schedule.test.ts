import { describe, expect, it } from "vitest";
import { advance, isNew, isOlder } from "../../src/domain/inbox/polling/poll-watermark.js";
import type { FeedOutcome } from "../../src/domain/inbox/polling/poll-account.js";
import { activePollIntervalMs, maxPollIntervalMs, pollIntervalMs } from "../../src/domain/inbox/polling/poll-intervals.js";
import { ACTIVE_MS, OPEN_CONVERSATION_MS, type PollState, nextPollOf } from "../../src/domain/inbox/polling/poll-schedule.js";
import { platformIds } from "../../src/networks/registry.js";

const item = (id: string, createdAt: string) => ({ id, createdAt, inbound: null });

const now = new Date("2026-11-21T12:00:00.000Z");
const fresh: PollState = { intervalMs: 0, quietStreak: 0, lastActivityAt: null };
const quiet: FeedOutcome[] = [{ feed: "notifications", outcome: "polled", recorded: 0 }];
const busy: FeedOutcome[] = [{ feed: "notifications", outcome: "polled", recorded: 2 }];
const at = (ms: number) => new Date(now.getTime() + ms);

describe("the adaptive poll schedule", () => {
  it("doubles a quiet account's interval up to its network's ceiling, and stays there", () => {
    let state: PollState = fresh;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      const next = nextPollOf("twitter", state, quiet, now);
      seen.push(next.intervalMs);
      expect(next.nextPollAt).toEqual(at(next.intervalMs));
      state = next;
    }
    expect(seen.slice(0, 4)).toEqual([120_000, 240_000, 480_000, 900_000]);
    expect(seen.at(-1)).toBe(maxPollIntervalMs("twitter"));
    expect(state.quietStreak).toBe(12);
  });

  it("backs every polled network off to at least ten times fewer reads per quiet hour", () => {
    for (const platform of ["twitter", "bluesky", "youtube", "linkedin"] as const) {
      expect(maxPollIntervalMs(platform) / pollIntervalMs(platform), platform).toBeGreaterThanOrEqual(10);
    }
    for (const platform of platformIds) expect(maxPollIntervalMs(platform)).toBeGreaterThanOrEqual(pollIntervalMs(platform));
  });

  it("polls an active account at half its interval, then at the base while the conversation is open, then backs off", () => {
    const backedOff: PollState = { intervalMs: maxPollIntervalMs("bluesky"), quietStreak: 9, lastActivityAt: null };
    const woke = nextPollOf("bluesky", backedOff, busy, now);
    expect(activePollIntervalMs("bluesky")).toBe(pollIntervalMs("bluesky") / 2);
    expect(woke).toEqual({ nextPollAt: at(activePollIntervalMs("bluesky")), intervalMs: activePollIntervalMs("bluesky"), quietStreak: 0, lastActivityAt: now });
    // Quiet reads right after stay at the active interval while the activity is fresh...
    const fresh = new Date(now.getTime() + ACTIVE_MS - 1000);
    expect(nextPollOf("bluesky", woke, quiet, fresh).intervalMs).toBe(activePollIntervalMs("bluesky"));
    // ...then at the base interval while the conversation is open...
    const open = new Date(now.getTime() + ACTIVE_MS + 1000);
    expect(nextPollOf("bluesky", woke, quiet, open).intervalMs).toBe(pollIntervalMs("bluesky"));
    const later = new Date(now.getTime() + OPEN_CONVERSATION_MS - 1000);
    expect(nextPollOf("bluesky", woke, quiet, later).intervalMs).toBe(pollIntervalMs("bluesky"));
    // ...until the conversation has been silent for the window.
    const closed = new Date(now.getTime() + OPEN_CONVERSATION_MS + 1000);
    expect(nextPollOf("bluesky", woke, quiet, closed).intervalMs).toBe(2 * pollIntervalMs("bluesky"));
  });

  it("never polls an active account more often than half its network's interval", () => {
    for (const platform of platformIds) {
      expect(activePollIntervalMs(platform), platform).toBeLessThanOrEqual(pollIntervalMs(platform));
      expect(activePollIntervalMs(platform), platform).toBeGreaterThanOrEqual(pollIntervalMs(platform) / 2);
    }
  });

  it("waits exactly the network's Retry-After when every feed is rate limited, without changing the interval", () => {
    const state: PollState = { intervalMs: 240_000, quietStreak: 2, lastActivityAt: null };
    const until = at(37_000);
    const next = nextPollOf("twitter", state, [{ feed: "notifications", outcome: "failed", code: "rate_limited", pausedUntil: until }], now);
    expect(next).toEqual({ nextPollAt: until, intervalMs: 240_000, quietStreak: 2, lastActivityAt: null });
    // A long pause is honoured exactly too, past the ceiling.
    const far = at(3 * 60 * 60_000);
    expect(nextPollOf("twitter", state, [{ feed: "notifications", outcome: "skipped", reason: "paused", pausedUntil: far }], now).nextPollAt).toEqual(far);
  });

  it("keeps the interval after another failure, and makes an account nobody listens to dormant", () => {
    const state: PollState = { intervalMs: 240_000, quietStreak: 2, lastActivityAt: null };
    expect(nextPollOf("twitter", state, [{ feed: "notifications", outcome: "failed", code: "platform_unavailable" }], now)).toMatchObject({ nextPollAt: at(240_000), intervalMs: 240_000 });
    expect(nextPollOf("twitter", state, [], now)).toMatchObject({ nextPollAt: null, intervalMs: 0, quietStreak: 0 });
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
