import { describe, expect, it } from "vitest";
import { instantOfWallTime, isoInZone } from "../../src/infra/zoned-time.js";
import { slotInstants } from "../../src/domain/publishing/queues/slot-instants.js";
import { resolveScheduledAt } from "../../src/domain/publishing/posts/schedule-time.js";

const wall = (year: number, month: number, day: number, hour: number, minute: number) => ({ year, month, day, hour, minute });

/** Daylight-saving days of 2027 in three zones (two northern, one southern), as the zones' rules set them. */
describe("wall-clock times across daylight saving (Intl only)", () => {
  it.each([
    ["America/New_York", "spring forward: 02:30 is skipped, moved forward by the gap", wall(2027, 3, 14, 2, 30), "2027-03-14T07:30:00.000Z", "2027-03-14T03:30:00-04:00"],
    ["America/New_York", "fall back: 01:30 happens twice, the first (EDT) is taken", wall(2027, 11, 7, 1, 30), "2027-11-07T05:30:00.000Z", "2027-11-07T01:30:00-04:00"],
    ["Europe/Berlin", "spring forward: 02:30 is skipped", wall(2027, 3, 28, 2, 30), "2027-03-28T01:30:00.000Z", "2027-03-28T03:30:00+02:00"],
    ["Europe/Berlin", "fall back: 02:30 happens twice, the first (CEST) is taken", wall(2027, 10, 31, 2, 30), "2027-10-31T00:30:00.000Z", "2027-10-31T02:30:00+02:00"],
    ["Australia/Sydney", "spring forward (October): 02:30 is skipped", wall(2027, 10, 3, 2, 30), "2027-10-02T16:30:00.000Z", "2027-10-03T03:30:00+11:00"],
    ["Australia/Sydney", "fall back (April): 02:30 happens twice, the first (AEDT) is taken", wall(2027, 4, 4, 2, 30), "2027-04-03T15:30:00.000Z", "2027-04-04T02:30:00+11:00"],
    ["Europe/Berlin", "an ordinary winter day", wall(2027, 1, 11, 9, 30), "2027-01-11T08:30:00.000Z", "2027-01-11T09:30:00+01:00"],
  ])("%s, %s", (zone, _what, time, utc, local) => {
    const at = instantOfWallTime(zone, time);
    expect(at.toISOString()).toBe(utc);
    expect(isoInZone(zone, at)).toBe(local);
  });

  it("keeps the wall-clock time of a weekly slot on both sides of a change", () => {
    const from = new Date("2027-03-06T00:00:00Z");
    const instants = [...take(slotInstants("America/New_York", [{ day: "sun", time: "09:00" }], from), 3)].map((at) => isoInZone("America/New_York", at));
    expect(instants).toEqual(["2027-03-07T09:00:00-05:00", "2027-03-14T09:00:00-04:00", "2027-03-21T09:00:00-04:00"]);
  });

  it("gives one instant when a skipped slot lands on another slot of the same day, and keeps the day's instants in order", () => {
    const from = new Date("2027-03-27T12:00:00Z");
    const slots = [
      { day: "sun", time: "03:00" },
      { day: "sun", time: "02:30" },
      { day: "sun", time: "03:30" },
    ] as const;
    const instants = [...take(slotInstants("Europe/Berlin", slots, from), 4)].map((at) => isoInZone("Europe/Berlin", at));
    expect(instants).toEqual(["2027-03-28T03:00:00+02:00", "2027-03-28T03:30:00+02:00", "2027-04-04T02:30:00+02:00", "2027-04-04T03:00:00+02:00"]);
  });

  it("names no instant at all for a queue without slots", () => {
    expect([...slotInstants("UTC", [], new Date("2027-01-01T00:00:00Z"))]).toEqual([]);
  });
});

function* take<T>(items: Iterable<T>, count: number): Generator<T> {
  if (count <= 0) return;
  let n = 0;
  for (const item of items) {
    yield item;
    if (++n >= count) return;
  }
}

describe("scheduledAt without an offset follows the same daylight-saving rule as queues and series", () => {
  it.each([
    ["2027-03-14T02:30:00", "America/New_York", "2027-03-14T07:30:00.000Z"],
    ["2027-11-07T01:30:00", "America/New_York", "2027-11-07T05:30:00.000Z"],
    ["2027-03-28T02:30:00", "Europe/Berlin", "2027-03-28T01:30:00.000Z"],
    ["2027-10-31T02:30:00.250", "Europe/Berlin", "2027-10-31T00:30:00.250Z"],
    ["2027-10-03T02:30:59", "Australia/Sydney", "2027-10-02T16:30:59.000Z"],
    ["2027-01-11T09:30:00", "Europe/Berlin", "2027-01-11T08:30:00.000Z"],
  ])("%s in %s is %s", (scheduledAt, zone, utc) => {
    expect(resolveScheduledAt(scheduledAt, zone).toISOString()).toBe(utc);
  });
});
