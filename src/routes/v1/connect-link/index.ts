import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { createConnectLink, createDoorLink } from "../../../domain/accounts/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { ConnectLinkBody, ConnectLinkSchema, DoorLinkQuery, returnUrlCodes } from "./schema.js";

const tags = ["Connect"];

const linkNotes =
  "The link works for 15 minutes and for any number of networks until then. It connects into this workspace in the key's mode: a test key's link connects sandbox accounts (the simulated consent screens are served by this server), a live key's the real networks. Each connection records an `account.connected` event. Minting a link stores nothing.";

/** POST and GET /v1/connect-link: signed links to the hosted connect page. */
export const connectLinkRoutes = new Hono<AppEnv>()
  .post(
    "/connect-link",
    describeRoute({
      operationId: "createConnectLink",
      tags,
      summary: "Create a link to the hosted connect page",
      description: `A person opens the link in a browser, picks a network and approves Chorus at its consent screen (Bluesky: handle and app password); the API cannot give that consent itself. ${linkNotes}`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(ConnectLinkSchema, "The link."),
        ...errorResponses(["field_unknown", "field_wrong_type", "field_invalid", "invalid_return_url", "profile_unknown"]),
      },
    }),
    validate("json", ConnectLinkBody, returnUrlCodes),
    async (c) => c.json(await createConnectLink({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201),
  )
  .get(
    "/connect-link",
    describeRoute({
      operationId: "getConnectLink",
      tags,
      summary: "Get a link straight to one network's door",
      description: `With \`platform\` (and for Instagram \`variant\`), the link skips the list and opens that network's consent screen; error fixes that ask for a reconnection through a particular door point here. Without \`platform\`, the same link as POST. ${linkNotes}`,
      security,
      responses: {
        200: jsonResponse(ConnectLinkSchema, "The link."),
        ...errorResponses(["field_unknown", "field_wrong_type", "field_invalid", "invalid_return_url", "profile_unknown"]),
      },
    }),
    validate("query", DoorLinkQuery, returnUrlCodes),
    async (c) => c.json(await createDoorLink({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  );
