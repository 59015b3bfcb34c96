import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { createProfile, listProfiles } from "../../../domain/accounts/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { cursorQuery, errorResponses, idempotencyHeader, jsonResponse, limitQuery, named, namedBody, security } from "../../openapi-helpers.js";

export const ProfileSchema = named(
  "Profile",
  v.object({
    id: v.pipe(v.string(), v.description("`prf_…`")),
    username: v.string(),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
  }),
  { id: "prf_Vb3kQ9sLw2Xe7Nd1", username: "ada", createdAt: "2026-11-24T09:00:00.000Z" },
);

const ProfileListSchema = named("ProfileList", v.object({ items: v.array(ProfileSchema), cursor: v.nullable(v.string()) }));

export const CreateProfileBody = namedBody(
  "CreateProfileRequest",
  v.strictObject({
    username: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1),
      v.maxLength(64),
      v.regex(/^[a-z0-9][a-z0-9._-]*$/, "must be lowercase letters, digits, `.`, `_` or `-`, starting with a letter or digit"),
      v.description("Unique in the workspace: 1 to 64 lowercase letters, digits, `.`, `_`, `-`. One profile stands for one end user."),
    ),
  }),
  { username: "ada" },
);

export const ListProfilesQuery = v.strictObject({ limit: limitQuery(), cursor: cursorQuery });

export const profileRoutes = new Hono<AppEnv>()
  .post(
    "/profiles",
    describeRoute({
      operationId: "createProfile",
      tags: ["Profiles"],
      summary: "Create a profile",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(ProfileSchema, "The new profile."),
        ...errorResponses(["field_unknown", "field_wrong_type", "field_invalid", "field_required", "body_not_json", "username_taken"]),
      },
    }),
    validate("json", CreateProfileBody),
    async (c) => c.json(await createProfile({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201),
  )
  .get(
    "/profiles",
    describeRoute({
      operationId: "listProfiles",
      tags: ["Profiles"],
      summary: "List profiles, newest first",
      description: "An agent limited to some profiles lists only those.",
      security,
      responses: {
        200: jsonResponse(ProfileListSchema, "A page of profiles."),
        ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid"]),
      },
    }),
    validate("query", ListProfilesQuery),
    async (c) => c.json(await listProfiles({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  );
