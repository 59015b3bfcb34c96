import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getAccount, listAccounts } from "../../../domain/accounts/index.js";
import { connectAccount } from "../../../domain/accounts/index.js";
import { disconnectAccount } from "../../../domain/accounts/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AccountIdParam, ConnectBody, DisconnectResultSchema, ListAccountsQuery, SocialAccountListSchema, SocialAccountSchema } from "./schema.js";

const tags = ["Social accounts"];

export const socialAccountRoutes = new Hono<AppEnv>()
  .post(
    "/social-accounts/connect",
    describeRoute({
      operationId: "connectSocialAccount",
      tags,
      summary: "Connect an account (Bluesky app password; any network by handle with a test key)",
      description:
        "Bluesky connects with `handle` and `appPassword`, checked at the network: a wrong password is a 400 on `appPassword` and nothing is stored. With a test key, every network connects by `handle` alone: the sandbox creates that account and the connection goes through the simulated network's own OAuth endpoints. With a live key, networks that need a person at a consent screen answer `connect_link_required` with the link to open. Connecting an account that is already connected renews it and keeps its id.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(SocialAccountSchema, "The connected account."),
        ...errorResponses([
          "field_unknown",
          "field_wrong_type",
          "field_required",
          "field_invalid",
          "profile_unknown",
          "connect_link_required",
          "app_credentials_missing",
          "platform_unavailable",
          "rate_limited",
          "url_unreachable",
        ]),
      },
    }),
    validate("json", ConnectBody),
    async (c) => c.json(await connectAccount({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201),
  )
  .get(
    "/social-accounts",
    describeRoute({
      operationId: "listSocialAccounts",
      tags,
      summary: "List connected accounts, newest first",
      security,
      responses: {
        200: jsonResponse(SocialAccountListSchema, "A page of accounts."),
        ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid", "profile_unknown"]),
      },
    }),
    validate("query", ListAccountsQuery),
    async (c) => c.json(await listAccounts({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/social-accounts/:id",
    describeRoute({
      operationId: "getSocialAccount",
      tags,
      summary: "One account; use it to check that it is still connected",
      security,
      responses: { 200: jsonResponse(SocialAccountSchema, "The account."), ...errorResponses(["account_unknown", "field_invalid"]) },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await getAccount({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .delete(
    "/social-accounts/:id",
    describeRoute({
      operationId: "disconnectSocialAccount",
      tags,
      summary: "Disconnect an account, revoking the grant at the network where it can",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(DisconnectResultSchema, "Disconnected."),
        ...errorResponses(["account_unknown", "field_invalid"]),
      },
    }),
    validate("param", AccountIdParam),
    async (c) => c.json(await disconnectAccount({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
