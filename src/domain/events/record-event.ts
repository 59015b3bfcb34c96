import { events } from "../../db/schema/index.js";
import type { Queryable } from "../../db/types.js";
import { newId } from "../../infra/ids.js";

export const eventTypes = [
  "post.published",
  "post.partial",
  "post.failed",
  "post.processing",
  "account.connected",
  "account.disconnected",
  "message.received",
  "comment.received",
  "mention.received",
] as const;
export type EventType = (typeof eventTypes)[number];

/** Records an event in the same transaction as the change it reports; delivery reads from here. */
export async function recordEvent(db: Queryable, input: { workspaceId: string; type: EventType; data: Record<string, unknown>; at: Date }): Promise<string> {
  const id = newId("evt");
  await db.insert(events).values({ id, workspaceId: input.workspaceId, type: input.type, data: input.data, createdAt: input.at });
  return id;
}
