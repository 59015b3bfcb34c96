import type { EventType } from "./event-types.js";

/**
 * The connected accounts an event is about, read from the data every recorder already builds:
 * an account event carries the account's view, an inbound event (and quota.low) its `account`, a post event the
 * post's targets; webhook events concern none. Migration 0021 filled older events by the same rule.
 */
export function eventAccountIds(type: EventType, data: Record<string, unknown>): string[] {
  const text = (value: unknown) => (typeof value === "string" ? [value] : []);
  if (type.startsWith("account.")) return text(data.id);
  if (type === "message.received" || type === "comment.received" || type === "mention.received" || type === "quota.low") return text(data.account);
  if (type.startsWith("post.") && Array.isArray(data.targets)) {
    return [...new Set(data.targets.flatMap((target: unknown) => (typeof target === "object" && target !== null && "account" in target ? text(target.account) : [])))];
  }
  return [];
}
