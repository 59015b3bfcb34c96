import { describe, expect, it } from "vitest";
import { Recurrence } from "../../src/domain/publishing/series/occurrences.js";
import { formatRule, parseRule } from "../../src/domain/publishing/series/recurrence-rule.js";
import { ApiError } from "../../src/infra/errors.js";

/** The first `n` occurrences of `rule` from `start` (wall time in `zone`), as UTC instants. */
function instants(rule: string, zone: string, start: string, n: number): string[] {
  const recurrence = new Recurrence(parseRule(rule), zone, start);
  const out: string[] = [];
  let next = recurrence.after(null);
  while (next && out.length < n) {
    out.push(next.at.toISOString());
    next = recurrence.after(next.local);
  }
  return out;
}

function refusal(rule: string): ApiError {
  try {
    parseRule(rule);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${rule} was accepted`);
}

describe("recurrence occurrences across daylight saving", () => {
  it("keeps 09:00 in New York across the 2027 spring-forward (Mar 14) and fall-back (Nov 7) days", () => {
    expect(instants("FREQ=DAILY", "America/New_York", "2027-03-13T09:00", 3)).toEqual(["2027-03-13T14:00:00.000Z", "2027-03-14T13:00:00.000Z", "2027-03-15T13:00:00.000Z"]);
    expect(instants("FREQ=DAILY", "America/New_York", "2027-11-06T09:00", 3)).toEqual(["2027-11-06T13:00:00.000Z", "2027-11-07T14:00:00.000Z", "2027-11-08T14:00:00.000Z"]);
  });

  it("publishes a 02:30 New York occurrence at 03:30 EDT on the spring-forward day and at 02:30 on the days around it", () => {
    // 02:30 EST is 07:30Z; on Mar 14 02:30 does not exist and becomes 03:30 EDT, also 07:30Z; then 02:30 EDT is 06:30Z.
    expect(instants("FREQ=DAILY", "America/New_York", "2027-03-13T02:30", 3)).toEqual(["2027-03-13T07:30:00.000Z", "2027-03-14T07:30:00.000Z", "2027-03-15T06:30:00.000Z"]);
  });

  it("publishes a New York 01:30 once on the fall-back day, at its first (EDT) occurrence", () => {
    expect(instants("FREQ=DAILY", "America/New_York", "2027-11-06T01:30", 3)).toEqual(["2027-11-06T05:30:00.000Z", "2027-11-07T05:30:00.000Z", "2027-11-08T06:30:00.000Z"]);
  });

  it("keeps 09:00 and moves a skipped 02:30 in Berlin (spring forward Mar 28, fall back Oct 31 2027)", () => {
    expect(instants("FREQ=DAILY", "Europe/Berlin", "2027-03-27T09:00", 3)).toEqual(["2027-03-27T08:00:00.000Z", "2027-03-28T07:00:00.000Z", "2027-03-29T07:00:00.000Z"]);
    expect(instants("FREQ=DAILY", "Europe/Berlin", "2027-03-27T02:30", 3)).toEqual(["2027-03-27T01:30:00.000Z", "2027-03-28T01:30:00.000Z", "2027-03-29T00:30:00.000Z"]);
    // 02:30 happens twice on Oct 31: the first (CEST, 00:30Z) is the occurrence.
    expect(instants("FREQ=DAILY", "Europe/Berlin", "2027-10-30T02:30", 3)).toEqual(["2027-10-30T00:30:00.000Z", "2027-10-31T00:30:00.000Z", "2027-11-01T01:30:00.000Z"]);
  });

  it("follows Sydney's southern-hemisphere changes (fall back Apr 4, spring forward Oct 3 2027)", () => {
    expect(instants("FREQ=DAILY", "Australia/Sydney", "2027-04-03T09:00", 3)).toEqual(["2027-04-02T22:00:00.000Z", "2027-04-03T23:00:00.000Z", "2027-04-04T23:00:00.000Z"]);
    expect(instants("FREQ=DAILY", "Australia/Sydney", "2027-10-02T02:30", 3)).toEqual(["2027-10-01T16:30:00.000Z", "2027-10-02T16:30:00.000Z", "2027-10-03T15:30:00.000Z"]);
  });

  it("counts weekly BYDAY occurrences with COUNT and stops there", () => {
    const all = instants("FREQ=WEEKLY;BYDAY=SA,SU;COUNT=3", "America/New_York", "2027-03-13T10:00", 10);
    expect(all).toEqual(["2027-03-13T15:00:00.000Z", "2027-03-14T14:00:00.000Z", "2027-03-20T14:00:00.000Z"]);
  });

  it("ends at UNTIL as an instant, and a date UNTIL includes its whole local day", () => {
    expect(instants("FREQ=DAILY;UNTIL=20270315T130000Z", "America/New_York", "2027-03-13T09:00", 10)).toEqual(["2027-03-13T14:00:00.000Z", "2027-03-14T13:00:00.000Z", "2027-03-15T13:00:00.000Z"]);
    expect(instants("FREQ=DAILY;UNTIL=20270315T125959Z", "America/New_York", "2027-03-13T09:00", 10)).toHaveLength(2);
    expect(instants("FREQ=DAILY;UNTIL=20270314", "Australia/Sydney", "2027-03-13T23:30", 10)).toEqual(["2027-03-13T12:30:00.000Z", "2027-03-14T12:30:00.000Z"]);
  });

  it("skips months without the day, and takes ordinal weekdays, with INTERVAL", () => {
    expect(instants("FREQ=MONTHLY;BYMONTHDAY=31", "Europe/Berlin", "2027-01-31T12:00", 3)).toEqual(["2027-01-31T11:00:00.000Z", "2027-03-31T10:00:00.000Z", "2027-05-31T10:00:00.000Z"]);
    expect(instants("FREQ=MONTHLY;BYDAY=-1FR;INTERVAL=2", "UTC", "2027-01-01T08:00", 3)).toEqual(["2027-01-29T08:00:00.000Z", "2027-03-26T08:00:00.000Z", "2027-05-28T08:00:00.000Z"]);
  });

  it("skips occurrences that passed (a paused series) and finds the next after a cutoff", () => {
    const recurrence = new Recurrence(parseRule("FREQ=DAILY"), "Europe/Berlin", "2027-03-01T09:00");
    const next = recurrence.afterInstant("2027-03-01T09:00", new Date("2027-03-28T07:30:00Z"));
    expect(next).toMatchObject({ local: "2027-03-29T09:00" });
    expect(next?.at.toISOString()).toBe("2027-03-29T07:00:00.000Z");
  });
});

describe("recurrence rule subset", () => {
  it("normalises the order and drops a default INTERVAL", () => {
    expect(formatRule(parseRule("RRULE:count=4;byday=mo,we;FREQ=weekly;INTERVAL=1"))).toBe("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4");
    expect(formatRule(parseRule("FREQ=MONTHLY;BYDAY=1MO;UNTIL=20280101T000000Z"))).toBe("FREQ=MONTHLY;BYDAY=1MO;UNTIL=20280101T000000Z");
  });

  it.each([
    ["FREQ=HOURLY", "FREQ=HOURLY"],
    ["FREQ=DAILY;BYHOUR=9", "BYHOUR"],
    ["BYDAY=MO", "FREQ is missing"],
    ["FREQ=DAILY;COUNT=3;UNTIL=20280101T000000Z", "COUNT and UNTIL"],
    ["FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY cannot"],
    ["FREQ=WEEKLY;BYDAY=1MO", "ordinal"],
    ["FREQ=DAILY;INTERVAL=0", "INTERVAL=0"],
    ["FREQ=DAILY;UNTIL=20280101T000000", "UNTIL"],
    ["FREQ=DAILY;UNTIL=20270230", "does not exist"],
    ["FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY=0"],
    ["FREQ=DAILY;FREQ=WEEKLY", "twice"],
  ])("refuses %s with recurrence_invalid, a fix and the param", (rule, words) => {
    const error = refusal(rule);
    expect(error.code).toBe("recurrence_invalid");
    expect(error.param).toBe("recurrence");
    expect(error.message).toContain(words);
    expect(error.fix).toContain("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10");
  });

  it("refuses COUNT over the limit with its own code", () => {
    expect(refusal("FREQ=DAILY;COUNT=1001").code).toBe("recurrence_count_exceeded");
    expect(parseRule("FREQ=DAILY;COUNT=1000").count).toBe(1000);
  });
});
