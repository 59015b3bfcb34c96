import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import type { AppEnv } from "../../../http/context.js";
import { ApiError } from "../../../infra/errors.js";
import { PlatformCapabilitiesSchema } from "../../../networks/platform-capabilities-schema.js";
import { isPlatformId } from "../../../networks/registry.js";
import { allCapabilities, publicCapabilities } from "../../../networks/derived-capabilities.js";
import { errorResponses, jsonResponse, named } from "../../openapi-helpers.js";

const description =
  "Public, no key. Per network: the character limit and how it is counted (`characters`: Unicode code points; `weighted`: X's rules, where URLs count 23 and CJK and emoji count 2; `graphemes`: user-perceived characters, as Bluesky counts; `bytes`: UTF-8 bytes), media rules (required, video only, maximum images, formats, sizes, pixel bounds, aspect ratios, durations), whether publishing is asynchronous (ends in `processing` and is finished by polling), which reads, engagement actions, comment moderation and messaging work (derived from what Chorus's adapter for the network implements), the network's own rate limits, every `platformOptions` field with its type and valid values, and `publishing`: whether a first comment is posted and what it may carry (text limit, media), the thread chain's limits (items, and each item's text and media limits), and what PATCH /v1/posts/{id} can change once the post is live.";

/** The capability record, named for the document, with Bluesky's own record as its example. */
const PlatformSchema = named("Platform", PlatformCapabilitiesSchema, publicCapabilities("bluesky"));

export const platformRoutes = new Hono<AppEnv>()
  .get(
    "/platforms",
    describeRoute({
      operationId: "listPlatforms",
      tags: ["Platforms"],
      summary: "Capabilities of every network",
      description,
      security: [],
      responses: {
        200: jsonResponse(named("PlatformList", v.object({ items: v.array(PlatformSchema), cursor: v.null() })), "One capability record per network."),
        ...errorResponses([], { authenticated: false }),
      },
    }),
    (c) => c.json({ items: allCapabilities(), cursor: null }),
  )
  .get(
    "/platforms/:platform",
    describeRoute({
      operationId: "getPlatform",
      tags: ["Platforms"],
      summary: "Capabilities of one network",
      description,
      security: [],
      parameters: [{ name: "platform", in: "path", required: true, description: "Network identifier, e.g. `bluesky`.", schema: { type: "string" } }],
      responses: { 200: jsonResponse(PlatformSchema, "The network's capability record."), ...errorResponses(["platform_unknown"], { authenticated: false }) },
    }),
    (c) => {
      const platform = c.req.param("platform");
      if (!isPlatformId(platform)) throw new ApiError("platform_unknown", { param: "platform", message: `No network is called \`${platform}\`.` });
      return c.json(publicCapabilities(platform));
    },
  );
