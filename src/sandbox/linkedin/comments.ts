import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { mayActAs } from "./authors.js";
import { restError } from "./linkedin-data.js";
import type { SandboxLinkedinPost } from "./posts.js";
import { assetStatus, findAsset } from "./media.js";

/**
 * The Comments API (Community Management) under `/rest/socialActions/{target}/comments`, where
 * the target is a post URN or, for the answers to a comment, the comment's URN: list (`start`,
 * `count` up to 100, newest first here: LinkedIn's own order is not documented), create (201,
 * the comment in the body and its URN in `x-restli-id`; `actor` must be the member or a page
 * they post for, `parentComment` nests it) and delete (`…/comments/{id}?actor=`, only by the
 * comment's own actor). Reading needs r_organization_social and a role on the post's page:
 * comments on a member's post need r_member_social, which LinkedIn no longer grants, so they are
 * refused. `GET /rest/posts/{urn}` reads one post under the same rule.
 */

const platform = "linkedin";

export interface SandboxLinkedinComment {
  id: string;
  postUrn: string;
  actor: string;
  text: string;
  parentComment: string | null;
  /** The image the comment shows (`content[0].entity.image`), if any. */
  image?: string | null;
  createdAt: number;
}

const commentUrn = (c: SandboxLinkedinComment) => `urn:li:comment:(${c.postUrn},${c.id})`;
const COMMENT_URN = /^urn:li:comment:\((urn:li:[a-zA-Z]+:\d+),(\d+)\)$/;

function view(c: SandboxLinkedinComment, all: SandboxLinkedinComment[]): Record<string, unknown> {
  const answers = all.filter((a) => a.parentComment === commentUrn(c)).length;
  return {
    id: c.id,
    commentUrn: commentUrn(c),
    actor: c.actor,
    object: c.postUrn,
    message: { text: c.text, attributes: [] },
    created: { actor: c.actor, time: c.createdAt },
    lastModified: { actor: c.actor, time: c.createdAt },
    ...(c.parentComment ? { parentComment: c.parentComment } : {}),
    ...(c.image ? { content: [{ type: "IMAGE", entity: { image: c.image } }] } : {}),
    likesSummary: { totalLikes: 0, likedByCurrentUser: false, aggregatedTotalLikes: 0 },
    commentsSummary: { totalFirstLevelComments: answers, aggregatedTotalComments: answers },
  };
}

/**
 * A comment's `content`: one entity naming an image the actor uploaded through the Images API and
 * LinkedIn finished (AVAILABLE), as for a post's media (posts.ts); anything else is refused.
 */
async function commentImage(deps: SimulatorDeps, content: unknown, actor: string): Promise<string | null | Error> {
  if (content === undefined) return null;
  if (!Array.isArray(content)) return new Error("ERROR :: /content :: expected an array of content entities\n");
  if (content.length > 1) return new Error("ERROR :: /content :: a comment takes at most one content entity\n");
  const image = (content[0] as { entity?: { image?: unknown } } | undefined)?.entity?.image;
  if (typeof image !== "string" || !image.startsWith("urn:li:image:")) return new Error("ERROR :: /content/0/entity :: expected { image: urn:li:image }\n");
  const asset = await findAsset(deps, image);
  if (!asset || asset.kind !== "image" || asset.owner !== actor || assetStatus(asset, deps.now()) !== "AVAILABLE")
    return new Error(`ERROR :: /content/0/entity/image :: ${image} is not an AVAILABLE image of ${actor}\n`);
  return image;
}

async function livePost(deps: SimulatorDeps, urn: string): Promise<SandboxLinkedinPost | null> {
  const post = (await deps.store.get<SandboxLinkedinPost>(platform, "post", urn))?.data;
  return post && !post.deleted ? post : null;
}

async function commentsOf(deps: SimulatorDeps, postUrn: string): Promise<SandboxLinkedinComment[]> {
  return (await deps.store.list<SandboxLinkedinComment>(platform, "comment")).map((r) => r.data).filter((c) => c.postUrn === postUrn);
}

/** The post a socialActions target belongs to: the post itself, or the post of a comment URN. */
function postOfTarget(target: string): { postUrn: string; parent: string | null } {
  const match = COMMENT_URN.exec(target);
  return match ? { postUrn: match[1] ?? "", parent: target } : { postUrn: target, parent: null };
}

export function mountCommentRoutes(app: Hono, deps: SimulatorDeps): void {
  const resource = (c: Context, method: string) => `socialActions.comments.${method}.${c.req.header("linkedin-version") ?? ""}`;
  const readScopes = ["r_organization_social", "rw_organization_admin", "r_member_social"];
  const writeScopes = ["w_member_social", "w_organization_social"];

  app.get("/rest/posts/:urn", async (c) => {
    const auth = await authorizeMember(c, deps, "partnerApiPostsExternal.GET", readScopes);
    if (auth instanceof Response) return auth;
    const post = await livePost(deps, c.req.param("urn"));
    if (!post) return restError(c, 404, "NOT_FOUND", `Post ${c.req.param("urn")} not found`);
    if (!(await mayActAs(deps, auth, post.author, "read"))) return restError(c, 403, "ACCESS_DENIED", "Not enough permissions to access: partnerApiPostsExternal.GET", 100);
    return c.json({ id: post.urn, author: post.author, commentary: post.commentary, visibility: post.visibility, lifecycleState: post.lifecycleState, createdAt: post.createdAt });
  });

  app.get("/rest/socialActions/:target/comments", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "GET_ALL"), readScopes);
    if (auth instanceof Response) return auth;
    const { postUrn, parent } = postOfTarget(c.req.param("target"));
    const post = await livePost(deps, postUrn);
    if (!post) return restError(c, 404, "NOT_FOUND", `${c.req.param("target")} not found`);
    if (!(await mayActAs(deps, auth, post.author, "read"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, "GET_ALL")}`, 100);
    const start = Number(c.req.query("start") ?? "0");
    const count = Number(c.req.query("count") ?? "10");
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 100) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const all = await commentsOf(deps, postUrn);
    const level = all.filter((cm) => cm.parentComment === parent).sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
    return c.json({ paging: { start, count, links: [], total: level.length }, elements: level.slice(start, start + count).map((cm) => view(cm, all)) });
  });

  app.post("/rest/socialActions/:target/comments", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "CREATE"), writeScopes);
    if (auth instanceof Response) return auth;
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return restError(c, 400, "ILLEGAL_ARGUMENT", "Request body could not be converted to data map");
    const text = typeof body.message === "object" && body.message !== null ? (body.message as { text?: unknown }).text : undefined;
    if (typeof body.actor !== "string") return restError(c, 422, "UNPROCESSABLE_ENTITY", "ERROR :: /actor :: field is required but not found and has no default value\n");
    if (typeof text !== "string" || !text.trim()) return restError(c, 422, "UNPROCESSABLE_ENTITY", "ERROR :: /message/text :: field is required but not found and has no default value\n");
    const { postUrn, parent } = postOfTarget(c.req.param("target"));
    const parentComment = typeof body.parentComment === "string" ? body.parentComment : parent;
    const post = await livePost(deps, postUrn);
    if (!post || (body.object !== undefined && body.object !== postUrn)) return restError(c, 404, "NOT_FOUND", `${postUrn} not found`);
    if (parentComment) {
      const match = COMMENT_URN.exec(parentComment);
      const found = match ? (await deps.store.get<SandboxLinkedinComment>(platform, "comment", match[2] ?? ""))?.data : undefined;
      if (!found || found.postUrn !== postUrn) return restError(c, 404, "NOT_FOUND", `${parentComment} not found`);
    }
    if (!(await mayActAs(deps, auth, body.actor, "write"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, "CREATE")}`, 100);
    const image = await commentImage(deps, body.content, body.actor);
    if (image instanceof Error) return restError(c, 422, "UNPROCESSABLE_ENTITY", image.message);
    const comment: SandboxLinkedinComment = { id: numericId(19), postUrn, actor: body.actor, text, parentComment, image, createdAt: deps.now().getTime() };
    await deps.store.put(platform, "comment", comment.id, comment, auth.member.id);
    return c.json(view(comment, []), 201, { "x-restli-id": commentUrn(comment) });
  });

  app.delete("/rest/socialActions/:target/comments/:commentId", async (c) => {
    const auth = await authorizeMember(c, deps, resource(c, "DELETE"), writeScopes);
    if (auth instanceof Response) return auth;
    const { postUrn } = postOfTarget(c.req.param("target"));
    const found = await deps.store.get<SandboxLinkedinComment>(platform, "comment", c.req.param("commentId"));
    if (!found || found.data.postUrn !== postUrn) return restError(c, 404, "NOT_FOUND", `Comment ${c.req.param("commentId")} not found`);
    const actor = c.req.query("actor");
    // A comment is deleted by whoever wrote it, acting as that author.
    if (!actor || actor !== found.data.actor || !(await mayActAs(deps, auth, actor, "write")))
      return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource(c, "DELETE")}`, 100);
    const all = await commentsOf(deps, postUrn);
    for (const answer of all.filter((a) => a.parentComment === commentUrn(found.data))) await deps.store.delete(platform, "comment", answer.id);
    await deps.store.delete(platform, "comment", found.id);
    return c.body(null, 204);
  });
}

/** A simulated member comments on one of the recipient's (or their pages') posts, or answers a comment on one. */
export async function simulateLinkedinComment(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "reply") return { ok: false, reason: "action_unsupported" };
  if (!input.subject) return { ok: false, reason: "subject_required" };
  const { postUrn, parent } = postOfTarget(input.subject);
  const post = await livePost(deps, postUrn);
  if (!post || post.memberId !== input.recipientId) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox.commenter");
  const comment: SandboxLinkedinComment = {
    id: numericId(19),
    postUrn,
    actor: `urn:li:person:${actor.id}`,
    text: input.text ?? "Congratulations! (a simulated comment from the Chorus sandbox)",
    parentComment: parent,
    createdAt: deps.now().getTime(),
  };
  await deps.store.put(platform, "comment", comment.id, comment, actor.id);
  return { ok: true, actor, networkId: commentUrn(comment) };
}
