import * as v from "valibot";
import { eventTypes } from "../../../domain/events/index.js";
import { cursorQuery, limitQuery } from "../../openapi-helpers.js";

export const EventSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description("`evt_…`")),
    type: v.string(),
    createdAt: v.string(),
    data: v.pipe(
      v.record(v.string(), v.unknown()),
      v.description("post.*: the full post record; account.*: the account record; message.received, comment.received, mention.received: see the Events table."),
    ),
  }),
  v.description("An event: the exact body each delivery of it carries."),
);

export const EventListSchema = v.object({ items: v.array(EventSchema), cursor: v.nullable(v.string()) });

export const EventListQuery = v.strictObject({
  type: v.optional(v.pipe(v.picklist(eventTypes), v.description("Only events of this type."))),
  limit: limitQuery(),
  cursor: cursorQuery,
});

export const EventIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`evt_` id.")) });
