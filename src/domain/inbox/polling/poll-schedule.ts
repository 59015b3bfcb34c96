import type { PlatformId } from "../../../types/platform-ids.js";
import type { FeedOutcome } from "./poll-account.js";
import { activePollIntervalMs, maxPollIntervalMs, pollIntervalMs } from "./poll-intervals.js";

/**
 * Inbound activity this recent makes an account active: a person is talking with it now, and the
 * next mention or reply is likely within seconds or minutes, so it is polled at its network's
 * active interval (half the base unless the network says otherwise).
 */
export const ACTIVE_MS = 5 * 60_000;

/**
 * Inbound activity this recent counts as an open conversation: the account stays at its network's
 * base interval, because a reply to a reply usually follows within minutes; after half an hour
 * of silence it backs off like any quiet account.
 */
export const OPEN_CONVERSATION_MS = 30 * 60_000;

export interface PollState {
  /** 0 before the first poll or after a wake: the network's base interval. */
  intervalMs: number;
  quietStreak: number;
  lastActivityAt: Date | null;
}

export interface PollSchedule extends PollState {
  /** Null: dormant, nobody listens (a connection or a listening endpoint wakes it). */
  nextPollAt: Date | null;
}

/** The wait a feed's outcome imposes: a 429's (or a refused budget's) Retry-After, or a pause still running. */
const pauseOf = (o: FeedOutcome): Date | null => ("pausedUntil" in o && o.pausedUntil ? o.pausedUntil : null);

/**
 * When one account is read next, from what its poll found. Nothing to poll (no endpoint listens,
 * the account needs reauthorising): dormant. Something new, or activity in the last ACTIVE_MS:
 * the active interval. A conversation still open: the base interval. A quiet read: the interval doubles, up to the network's ceiling. A read that
 * failed for another reason keeps the interval (the next poll is the retry). A rate-limited feed
 * waits exactly as long as the network said; when every feed waits, so does the account.
 */
export function nextPollOf(platform: PlatformId, state: PollState, outcomes: readonly FeedOutcome[], now: Date): PollSchedule {
  if (outcomes.length === 0) return { nextPollAt: null, intervalMs: 0, quietStreak: 0, lastActivityAt: state.lastActivityAt };
  const base = pollIntervalMs(platform);
  const ceiling = maxPollIntervalMs(platform);
  const current = Math.min(ceiling, Math.max(base, state.intervalMs));
  const recorded = outcomes.some((o) => "recorded" in o && o.recorded > 0);
  const lastActivityAt = recorded ? now : state.lastActivityAt;
  const read = outcomes.some((o) => o.outcome === "polled" || o.outcome === "baselined");
  const failed = outcomes.some((o) => o.outcome === "failed" && !pauseOf(o));
  const sinceActivity = lastActivityAt ? now.getTime() - lastActivityAt.getTime() : Number.POSITIVE_INFINITY;
  let intervalMs = current;
  let quietStreak = state.quietStreak;
  if (recorded || sinceActivity < ACTIVE_MS) {
    intervalMs = activePollIntervalMs(platform);
    quietStreak = 0;
  } else if (sinceActivity < OPEN_CONVERSATION_MS) {
    intervalMs = base;
    quietStreak = 0;
  } else if (read && !failed) {
    intervalMs = Math.min(ceiling, current * 2);
    quietStreak += 1;
  }
  const pauses = outcomes.map(pauseOf).filter((p): p is Date => p !== null);
  const scheduled = new Date(now.getTime() + intervalMs);
  const earliestPause = pauses.length > 0 ? new Date(Math.min(...pauses.map((p) => p.getTime()))) : null;
  // Every feed waits on the network: the account's next read is exactly the end of that wait.
  // Some feeds still readable: they keep their schedule, the paused ones skip until theirs ends.
  const everyFeedWaits = earliestPause !== null && pauses.length === outcomes.length;
  const nextPollAt = everyFeedWaits ? earliestPause : earliestPause && earliestPause < scheduled ? earliestPause : scheduled;
  return { nextPollAt, intervalMs, quietStreak, lastActivityAt };
}
