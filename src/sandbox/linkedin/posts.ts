import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { mayActAs } from "./authors.js";
import { restError } from "./linkedin-data.js";
import { assetStatus, findAsset } from "./media.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * The Posts API: `POST /rest/posts` (201, empty body, the URN in `x-restli-id`), the `author`
 * finder (`GET /rest/posts?q=author`) and `DELETE /rest/posts/{urn}` (204, also for a post
 * already deleted; 404 for a URN that never existed). Bodies are validated the way
 * LinkedIn's Rest.li layer does (422 `ERROR :: /field :: …`), media must be the author's and
 * AVAILABLE, and the same commentary from the same author within 24 hours is refused with
 * LinkedIn's 422 "Content is a duplicate of urn:li:share:…" (LinkedIn publishes no window).
 */

export interface SandboxLinkedinPost {
  urn: string;
  memberId: string;
  author: string;
  commentary: string;
  visibility: string;
  feedDistribution: string;
  lifecycleState: string;
  isReshareDisabledByAuthor: boolean;
  content: Record<string, unknown> | null;
  /** The post this one reshares (`reshareContext.parent`), absent on an original post. */
  reshareOf?: string;
  createdAt: number;
  deleted: boolean;
}

const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
const COMMENTARY_MAX = 3000;
const unprocessable = (c: Context, path: string, problem: string) => restError(c, 422, "UNPROCESSABLE_ENTITY", `ERROR :: ${path} :: ${problem}\n`);

async function postsBy(deps: SimulatorDeps, author: string): Promise<SandboxLinkedinPost[]> {
  return (await deps.store.list<SandboxLinkedinPost>("linkedin", "post")).map((r) => r.data).filter((p) => p.author === author && !p.deleted);
}

function view(post: SandboxLinkedinPost): Record<string, unknown> {
  return {
    id: post.urn,
    author: post.author,
    commentary: post.commentary,
    visibility: post.visibility,
    distribution: { feedDistribution: post.feedDistribution, targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: post.lifecycleState,
    isReshareDisabledByAuthor: post.isReshareDisabledByAuthor,
    createdAt: post.createdAt,
    publishedAt: post.createdAt,
    lastModifiedAt: post.createdAt,
    ...(post.content ? { content: post.content } : {}),
    ...(post.reshareOf ? { reshareContext: { parent: post.reshareOf, root: post.reshareOf } } : {}),
  };
}

/** The media URNs a `content` block references. */
function mediaIds(content: Record<string, unknown>): string[] | null {
  if (isRecord(content.media)) return typeof content.media.id === "string" ? [content.media.id] : null;
  if (isRecord(content.multiImage)) {
    const images = content.multiImage.images;
    if (!Array.isArray(images)) return null;
    const ids = images.map((i) => (isRecord(i) && typeof i.id === "string" ? i.id : null));
    return ids.every((id): id is string => id !== null) ? ids : null;
  }
  return [];
}

/**
 * `reshareContext.parent` of a reshare: a live post (404 otherwise, as for any missing entity)
 * whose author allows resharing. LinkedIn's wording for a refused parent is not documented; the
 * Rest.li 422 form is used.
 */
async function reshareParent(deps: SimulatorDeps, context: unknown): Promise<string | null | { status: 404 | 422; problem: string }> {
  if (context === undefined) return null;
  const parent = isRecord(context) ? context.parent : undefined;
  if (typeof parent !== "string" || !/^urn:li:(share|ugcPost):\d+$/.test(parent)) return { status: 422, problem: "is not a valid share or ugcPost urn" };
  const post = (await deps.store.get<SandboxLinkedinPost>("linkedin", "post", parent))?.data;
  if (!post || post.deleted) return { status: 404, problem: `Entity ${parent} not found` };
  if (post.isReshareDisabledByAuthor) return { status: 422, problem: `${parent} cannot be reshared: its author disabled resharing` };
  return parent;
}

export function mountPostRoutes(app: Hono, deps: SimulatorDeps): void {
  const resource = (c: Context, method: string) => `partnerApiPostsExternal.${method}.${c.req.header("linkedin-version") ?? ""}`;

  app.post("/rest/posts", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "CREATE"), ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    const body = await jsonBody(c);
    if (!body) return restError(c, 400, "ILLEGAL_ARGUMENT", "Request body could not be converted to data map");
    for (const field of ["author", "commentary", "visibility", "distribution", "lifecycleState"]) {
      if (body[field] === undefined) return unprocessable(c, `/${field}`, "field is required but not found and has no default value");
    }
    const { author, commentary, visibility, distribution, lifecycleState, content } = body;
    if (typeof author !== "string" || !/^urn:li:(person|organization):/.test(author)) return unprocessable(c, "/author", "is not a valid person or organization urn");
    if (typeof commentary !== "string") return unprocessable(c, "/commentary", "is not a string");
    if ([...commentary].length > COMMENTARY_MAX) return unprocessable(c, "/commentary", `length of the string exceeds ${COMMENTARY_MAX}`);
    if (typeof visibility !== "string" || !["PUBLIC", "CONNECTIONS", "LOGGED_IN", "CONTAINER"].includes(visibility)) return unprocessable(c, "/visibility", "is not a valid enum value");
    if (visibility === "CONNECTIONS" && author.startsWith("urn:li:organization:")) return unprocessable(c, "/visibility", "CONNECTIONS visibility is only for member authors");
    const feed = isRecord(distribution) ? distribution.feedDistribution : undefined;
    if (feed !== "MAIN_FEED" && feed !== "NONE") return unprocessable(c, "/distribution/feedDistribution", "is not a valid enum value");
    if (lifecycleState !== "PUBLISHED" && lifecycleState !== "DRAFT") return unprocessable(c, "/lifecycleState", "is not a valid enum value");
    if (!(await mayActAs(deps, auth, author, "write"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, "CREATE")}`, 100);
    if (content !== undefined && !isRecord(content)) return unprocessable(c, "/content", "is not a record");
    const ids = content ? mediaIds(content) : [];
    if (ids === null) return unprocessable(c, "/content", "media entries need an id");
    if (isRecord(content?.multiImage) && (ids.length < 2 || ids.length > 20)) return unprocessable(c, "/content/multiImage/images", "must have between 2 and 20 images");
    // Documents API: a document post carries `content.media` with the document URN and a title.
    if (isRecord(content?.media) && ids[0]?.startsWith("urn:li:document:") && (typeof content.media.title !== "string" || content.media.title.trim() === "")) {
      return unprocessable(c, "/content/media/title", "field is required for a document");
    }
    for (const id of ids) {
      const asset = await findAsset(deps, id);
      if (!asset || asset.owner !== author || assetStatus(asset, deps.now()) !== "AVAILABLE") return unprocessable(c, "/content", `${id} is not an AVAILABLE asset of ${author}`);
    }
    const reshareOf = await reshareParent(deps, body.reshareContext);
    if (isRecord(reshareOf)) return reshareOf.status === 404 ? restError(c, 404, "NOT_FOUND", reshareOf.problem) : unprocessable(c, "/reshareContext/parent", reshareOf.problem);
    const now = deps.now().getTime();
    if (commentary.trim()) {
      const earlier = (await postsBy(deps, author)).find((p) => p.commentary === commentary && now - p.createdAt < DUPLICATE_WINDOW_MS);
      if (earlier) return c.json({ status: 422, message: `Content is a duplicate of ${earlier.urn}` }, 422);
    }
    const post: SandboxLinkedinPost = {
      urn: `urn:li:share:${numericId(19)}`,
      memberId: auth.member.id,
      author,
      commentary,
      visibility,
      feedDistribution: feed,
      lifecycleState,
      isReshareDisabledByAuthor: body.isReshareDisabledByAuthor === true,
      content: content ?? null,
      ...(reshareOf ? { reshareOf } : {}),
      createdAt: now,
      deleted: false,
    };
    await deps.store.put("linkedin", "post", post.urn, post, auth.member.id);
    return c.body(null, 201, { "x-restli-id": post.urn, "x-linkedin-id": post.urn });
  });

  app.get("/rest/posts", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "FINDER-author"), ["w_member_social", "r_member_social", "r_organization_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    const author = c.req.query("author");
    if (c.req.query("q") !== "author" || !author) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    if (!(await mayActAs(deps, auth, author, "read"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, "FINDER-author")}`, 100);
    const start = Number(c.req.query("start") ?? "0");
    const count = Number(c.req.query("count") ?? "10");
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 100) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const posts = (await postsBy(deps, author)).sort((a, b) => b.createdAt - a.createdAt || b.urn.localeCompare(a.urn));
    return c.json({ paging: { start, count, links: [], total: posts.length }, elements: posts.slice(start, start + count).map(view) });
  });

  app.delete("/rest/posts/:urn", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "DELETE"), ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    const urn = c.req.param("urn");
    const post = (await deps.store.get<SandboxLinkedinPost>("linkedin", "post", urn))?.data;
    if (!post) return restError(c, 404, "NOT_FOUND", `Post ${urn} not found`);
    // Deletion is idempotent: deleting a deleted post answers 204 again.
    if (post.deleted) return c.body(null, 204);
    if (!(await mayActAs(deps, auth, post.author, "write"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, "DELETE")}`, 100);
    await deps.store.put("linkedin", "post", urn, { ...post, deleted: true }, post.memberId);
    return c.body(null, 204);
  });
}
