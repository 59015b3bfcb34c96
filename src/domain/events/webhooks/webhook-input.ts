import { ApiError } from "../../../infra/errors.js";
import { type EventType, eventTypes, isEventType } from "../record-event.js";

/**
 * An `events` list as sent: every name must be one of ours (`unknown_webhook_event`, `param`
 * naming the entry), duplicates are dropped, and an empty list is refused because it would
 * subscribe to nothing (omit `events` to subscribe to everything).
 */
export function checkEventNames(names: string[]): EventType[] {
  if (names.length === 0) {
    throw new ApiError("invalid_webhook_events", {
      param: "events",
      message: "`events` is empty, so the endpoint would receive nothing.",
      fix: "Name at least one event, or omit `events` to subscribe to every event.",
      beforeExecution: true,
    });
  }
  const checked: EventType[] = [];
  for (const [index, name] of names.entries()) {
    if (!isEventType(name)) {
      throw new ApiError("unknown_webhook_event", {
        param: `events[${index}]`,
        message: `\`${name.slice(0, 64)}\` is not an event name.`,
        fix: `Use names from: ${eventTypes.join(", ")}.`,
        beforeExecution: true,
      });
    }
    if (!checked.includes(name)) checked.push(name);
  }
  return checked;
}
