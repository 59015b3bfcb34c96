import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { createAppLink } from "../../../domain/workspaces/index.js";
import type { AppEnv } from "../../../http/context.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AppLinkSchema } from "./schema.js";

/** POST /v1/app-link: a single-use sign-in link to the dashboard. */
export const appLinkRoutes = new Hono<AppEnv>().post(
  "/app-link",
  describeRoute({
    operationId: "createAppLink",
    tags: ["Dashboard"],
    summary: "Create a sign-in link to the dashboard",
    description:
      "Mints a link that opens a dashboard session in a browser: accounts, posts, the publishing calendar, API keys and the audit log of this workspace. The link works once and for 5 minutes; the session it opens shows the key's mode (a test key's session shows test data only; a live key's can switch to test data), ends after 30 minutes idle or 12 hours, and can be signed out. Only a hash of the link is stored. Operators without a key run `npm run chorus -- app-link --workspace ws_…`.",
    security,
    parameters: [idempotencyHeader],
    responses: {
      201: jsonResponse(AppLinkSchema, "The link."),
      ...errorResponses([]),
    },
  }),
  async (c) => c.json(await createAppLink({ ctx: c.get("ctx") }), 201),
);
