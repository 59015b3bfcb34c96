import type { QueueSlot } from "../../../db/schema/index.js";
import { addDays, instantOfWallTime, wallTimeAt } from "../../../infra/zoned-time.js";

export const queueDays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** The last instant a queue looks at: the same bound as any stored schedule. */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Every instant the weekly slots name after `after`, in order, without end. Each slot is read as
 * wall-clock time on its weekday in `zone` (instantOfWallTime: a slot in a spring-forward gap
 * moves forward by the gap, a repeated fall-back time is its first occurrence). Two slots that
 * land on one instant that way (02:30 and 03:30 on a spring-forward day) give it once.
 */
export function* slotInstants(zone: string, slots: readonly QueueSlot[], after: Date): Generator<Date> {
  if (slots.length === 0) return;
  const today = wallTimeAt(zone, after);
  for (let offset = 0; ; offset++) {
    const date = addDays(today, offset);
    const day = queueDays[date.weekday];
    const instants = slots
      .filter((slot) => slot.day === day)
      .map((slot) => {
        const [hour, minute] = slot.time.split(":").map(Number);
        return instantOfWallTime(zone, { ...date, hour: hour ?? 0, minute: minute ?? 0 }).getTime();
      })
      .sort((a, b) => a - b);
    let last = Number.NaN;
    for (const at of instants) {
      if (at > LATEST) return;
      if (at <= after.getTime() || at === last) continue;
      last = at;
      yield new Date(at);
    }
  }
}
