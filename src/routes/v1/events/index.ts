import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { EVENT_RETENTION_DAYS, getEvent, listEvents } from "../../../domain/events/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { EventIdParam, EventListQuery, EventListSchema, EventSchema } from "./schema.js";

const tags = ["Webhooks"];

/** What an agent (OAuth token) sees of the log, said once for both routes. */
const AGENT_SCOPE =
  "An agent sees only the events of connected accounts within its grant: an account event (account.*) when its account is, a message, comment or mention when the account it reached is, a post event when every account the post goes to is. The workspace's own events (webhook.test, webhook.disabled) concern no brand or network, so only an agent granted every profile and every network sees them.";

/** The event log: GET /v1/events, GET /v1/events/{id}. */
export const eventRoutes = new Hono<AppEnv>()
  .get(
    "/events",
    describeRoute({
      operationId: "listEvents",
      tags,
      summary: "The workspace's events, newest first",
      description: `Every event recorded for the key's mode (test or live), whether or not an endpoint received it: the same envelope deliveries carry. Kept ${EVENT_RETENTION_DAYS} days, with their delivery logs. ${AGENT_SCOPE}`,
      security,
      responses: { 200: jsonResponse(EventListSchema, "A page of events."), ...errorResponses(["field_unknown", "field_invalid", "unknown_webhook_event", "cursor_invalid"]) },
    }),
    validate("query", EventListQuery, { codes: { type: "unknown_webhook_event" }, typeCodes: { type: "unknown_webhook_event" } }),
    async (c) => c.json(await listEvents({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/events/:id",
    describeRoute({
      operationId: "getEvent",
      tags,
      summary: "One event",
      description: `An event outside an agent's grant is \`resource_not_found\`, as if it did not exist. ${AGENT_SCOPE}`,
      security,
      responses: { 200: jsonResponse(EventSchema, "The event."), ...errorResponses(["resource_not_found"]) },
    }),
    validate("param", EventIdParam),
    async (c) => c.json(await getEvent({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
