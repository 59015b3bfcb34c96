import type { Context, Hono } from "hono";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { mayActAs } from "./authors.js";
import { restError } from "./linkedin-data.js";
import type { SandboxLinkedinPost } from "./posts.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * Updating a published post (Posts API "Update Posts"): `POST /rest/posts/{encoded URN}` with
 * `X-RestLi-Method: PARTIAL_UPDATE` and `{ patch: { $set: { … } } }`, 204 with no body. The
 * schema's updatable fields are `commentary`, `contentCallToActionLabel`, `contentLandingPage`,
 * `lifecycleStateInfo` and `adContext` (post-api-schema; `author` is create-only); anything else,
 * media included, is refused with Rest.li's 422. Only `commentary` is simulated; the other
 * updatable fields are refused as unsupported by the sandbox rather than silently dropped.
 */

const COMMENTARY_MAX = 3000;
const UPDATABLE = new Set(["commentary", "contentCallToActionLabel", "contentLandingPage", "lifecycleStateInfo", "adContext"]);
const SIMULATED = new Set(["commentary"]);

const unprocessable = (c: Context, path: string, problem: string) => restError(c, 422, "UNPROCESSABLE_ENTITY", `ERROR :: ${path} :: ${problem}\n`);

export function mountPostEdits(app: Hono, deps: SimulatorDeps): void {
  const resource = (c: Context) => `partnerApiPostsExternal.PARTIAL_UPDATE.${c.req.header("linkedin-version") ?? ""}`;
  app.post("/rest/posts/:urn", async (c) => {
    if ((c.req.header("x-restli-method") ?? "").toUpperCase() !== "PARTIAL_UPDATE") {
      return restError(c, 400, "ILLEGAL_ARGUMENT", "POST on an entity needs the X-RestLi-Method: PARTIAL_UPDATE header");
    }
    const auth = await authorizeMember(c, deps, resource(c), ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    const urn = c.req.param("urn");
    const stored = await deps.store.get<SandboxLinkedinPost>("linkedin", "post", urn);
    const post = stored?.data;
    if (!post || post.deleted) return restError(c, 404, "NOT_FOUND", `Post ${urn} not found`);
    if (!(await mayActAs(deps, auth, post.author, "write"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c)}`, 100);
    const body = await jsonBody(c);
    const set = isRecord(body) && isRecord(body.patch) ? body.patch.$set : undefined;
    if (!isRecord(set) || Object.keys(set).length === 0) return restError(c, 400, "ILLEGAL_ARGUMENT", "A PARTIAL_UPDATE needs a patch with $set");
    for (const field of Object.keys(set)) {
      if (!UPDATABLE.has(field)) return unprocessable(c, `/patch/$set/${field}`, "field is not updatable");
      if (!SIMULATED.has(field)) return unprocessable(c, `/patch/$set/${field}`, "not supported by the sandbox");
    }
    const commentary = set.commentary;
    if (typeof commentary !== "string") return unprocessable(c, "/patch/$set/commentary", "is not a string");
    if ([...commentary].length > COMMENTARY_MAX) return unprocessable(c, "/patch/$set/commentary", `length of the string exceeds ${COMMENTARY_MAX}`);
    // A post with no content must keep some text, as at creation.
    if (!commentary.trim() && !post.content) return unprocessable(c, "/patch/$set/commentary", "a post without content needs commentary");
    await deps.store.put<SandboxLinkedinPost>("linkedin", "post", urn, { ...post, commentary }, stored?.owner ?? post.memberId);
    return c.body(null, 204);
  });
}
