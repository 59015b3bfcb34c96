import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { CommentTarget, InboxFacet, NetworkComment } from "../facets/inbox.js";
import { callNetwork, type ErrorTable, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * Comments through the Community Management Comments API (the sheet's inbox section 1):
 * `GET /rest/socialActions/{post or comment URN}/comments?start&count` lists one level (a
 * comment's URN lists its answers), `POST` on a comment's URN with `{actor, object: <post URN>,
 * message, parentComment: <that comment's URN>}` answers it, and `DELETE …/comments/{id}?actor=`
 * removes what the account wrote. LinkedIn has no hiding (only turning comments off per post), so hide is absent. Reading needs
 * r_organization_social: comments on an organisation's posts are read, those on a member's
 * posts are closed (r_member_social is granted to no new app) and answer a clear refusal. The
 * comment id is its URN, `urn:li:comment:(<post URN>,<id>)`, which names its post.
 */

/** A post or comment that is not there (or was deleted) is LinkedIn's 404 NOT_FOUND. */
const table: ErrorTable = {
  ...linkedinErrorTable,
  rows: [{ status: 404, code: "comment_not_found", meaning: "NOT_FOUND: the post or comment does not exist or was deleted." }, ...linkedinErrorTable.rows],
};

const COMMENT_URN = /^urn:li:comment:\((urn:li:[a-zA-Z]+:\d+),(\d+)\)$/;

const Comment = v.object({
  id: v.string(),
  commentUrn: v.string(),
  actor: v.string(),
  message: v.optional(v.object({ text: v.optional(v.string()) })),
  created: v.object({ time: v.number() }),
  parentComment: v.optional(v.string()),
  commentsSummary: v.optional(v.object({ aggregatedTotalComments: v.optional(v.number()), totalFirstLevelComments: v.optional(v.number()) })),
  likesSummary: v.optional(v.object({ totalLikes: v.optional(v.number()) })),
});
const CommentPage = v.object({ elements: v.array(Comment), paging: v.optional(v.object({ start: v.number(), count: v.number(), total: v.optional(v.number()) })) });
const Post = v.object({ id: v.string(), author: v.string() });

const enc = encodeURIComponent;
const restUrl = (path: string) => `${linkedinUrls.rest}/${path}`;

function parts(commentId: string): { postUrn: string; id: string } {
  const match = COMMENT_URN.exec(commentId);
  if (!match) throw new ApiError("comment_not_found", { platform: "linkedin", param: "id", message: `linkedin: ${commentId} is not a comment URN (urn:li:comment:(<post URN>,<id>)).` });
  return { postUrn: match[1] ?? "", id: match[2] ?? "" };
}

function toComment(c: v.InferOutput<typeof Comment>, parentId: string, ownActors: string[]): NetworkComment {
  const person = /^urn:li:person:(.+)$/.exec(c.actor)?.[1];
  return {
    id: c.commentUrn,
    parentId: c.parentComment ?? parentId,
    // The Comments API names the author by URN only; names need the (closed) profile APIs.
    author: { id: c.actor, handle: person ?? c.actor, displayName: null, avatarUrl: null, url: null },
    text: c.message?.text ?? "",
    createdAt: new Date(c.created.time).toISOString(),
    hidden: null,
    likeCount: c.likesSummary?.totalLikes ?? null,
    replyCount: c.commentsSummary?.totalFirstLevelComments ?? null,
    own: ownActors.includes(c.actor),
  };
}

/** Reads one level under a post or comment; LinkedIn's 403 there means the post's comments are closed to the app. */
async function readLevel(tokens: TokenSet, net: NetworkContext, target: string, start: number, count: number) {
  const url = `${restUrl(`socialActions/${enc(target)}/comments`)}?start=${start}&count=${count}`;
  try {
    const response = await callNetwork(net, table, url, { headers: linkedinRestHeaders(tokens, net) });
    return parseNetworkBody("linkedin", CommentPage, response.body, "comments");
  } catch (error) {
    if (error instanceof ApiError && (error.code === "missing_permission" || error.code === "missing_scope")) {
      throw new ApiError("capability_unsupported", {
        platform: "linkedin",
        message:
          "LinkedIn lets apps read the comments on posts of organisation pages the member administers; comments on a member's own posts need r_member_social, which LinkedIn grants to no new app.",
        fix: "Read comments on posts published as an organisation page (connect with the organization variant); answer member-post comments in LinkedIn.",
      });
    }
    throw error;
  }
}

/** Who the account answers as on this post: the organisation that wrote it, or the member. A member's post is not readable (403): the member then. */
async function actorFor(tokens: TokenSet, net: NetworkContext, postUrn: string, networkUserId: string): Promise<string> {
  const person = `urn:li:person:${networkUserId}`;
  try {
    const response = await callNetwork(net, table, restUrl(`posts/${enc(postUrn)}`), { headers: linkedinRestHeaders(tokens, net) });
    const post = parseNetworkBody("linkedin", Post, response.body, "posts.get");
    return post.author.startsWith("urn:li:organization:") ? post.author : person;
  } catch (error) {
    if (error instanceof ApiError && (error.code === "missing_permission" || error.code === "missing_scope")) return person;
    throw error;
  }
}

const PAGE_MAX = 100;

export const linkedinComments: InboxFacet = {
  async listComments(tokens, page, net) {
    const start = page.cursor ? Number(page.cursor) : 0;
    const count = Math.min(page.limit, PAGE_MAX);
    const body = await readLevel(tokens, net, page.networkPostId, Number.isInteger(start) && start >= 0 ? start : 0, count);
    const own = [`urn:li:person:${page.networkUserId}`];
    const items = body.elements.map((c) => toComment(c, page.networkPostId, own));
    const next = start + body.elements.length;
    const more = body.paging?.total !== undefined ? next < body.paging.total : body.elements.length === count;
    return { items, cursor: more ? String(next) : null };
  },

  async listCommentReplies(tokens, input, net) {
    const body = await readLevel(tokens, net, input.commentId, 0, Math.min(input.limit, PAGE_MAX));
    return body.elements.map((c) => toComment(c, input.commentId, [`urn:li:person:${input.networkUserId}`]));
  },

  async replyToComment(tokens, input, net) {
    const { postUrn } = parts(input.commentId);
    const actor = await actorFor(tokens, net, postUrn, input.networkUserId);
    const headers = { ...linkedinRestHeaders(tokens, net), "content-type": "application/json" };
    const body = JSON.stringify({ actor, object: postUrn, message: { text: input.text }, parentComment: input.commentId });
    // A nested comment is created on the parent comment's URN, which the body names again (Comments API, nested comments).
    const response = await callNetwork(net, table, restUrl(`socialActions/${enc(input.commentId)}/comments`), { method: "POST", headers, body });
    const urn = response.headers.get("x-restli-id") ?? parseNetworkBody("linkedin", v.object({ commentUrn: v.string() }), response.body, "comments.create").commentUrn;
    return { id: urn };
  },

  async deleteComment(tokens, input: CommentTarget, net) {
    const { postUrn, id } = parts(input.commentId);
    const actor = await actorFor(tokens, net, postUrn, input.networkUserId);
    try {
      await callNetwork(net, table, `${restUrl(`socialActions/${enc(postUrn)}/comments/${id}`)}?actor=${enc(actor)}`, { method: "DELETE", headers: linkedinRestHeaders(tokens, net) });
    } catch (error) {
      // LinkedIn lets an author delete only what it wrote: a 403 here is someone else's comment.
      if (error instanceof ApiError && (error.code === "missing_permission" || error.code === "missing_scope")) {
        throw new ApiError("comment_not_own", { platform: "linkedin", param: "id", message: "linkedin: the account can delete only its own comments; LinkedIn has no hiding either." });
      }
      throw error;
    }
  },
};
