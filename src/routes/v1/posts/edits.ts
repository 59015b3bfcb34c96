import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { listPostEdits } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { PostEditListSchema } from "./edit-schema.js";

export const postEditRoutes = new Hono<AppEnv>().get(
  "/posts/:id/edits",
  describeRoute({
    operationId: "listPostEdits",
    tags: ["Posts"],
    summary: "A published post's edits, newest first, each with its outcome per target",
    security,
    responses: { 200: jsonResponse(PostEditListSchema, "The edits made with PATCH /v1/posts/{id} after publishing."), ...errorResponses(["resource_not_found", "field_invalid"]) },
  }),
  validate("param", v.object({ id: v.pipe(v.string(), v.maxLength(64)) })),
  async (c) => c.json(await listPostEdits({ ctx: c.get("ctx"), input: c.req.valid("param") })),
);
