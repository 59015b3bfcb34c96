import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";
import { assetStatus, uploadAssets } from "./media-upload.js";
import { ApiError } from "../../infra/errors.js";

/**
 * LinkedIn's first comment: `POST /rest/socialActions/{postUrn}/comments` with
 * `{ actor, object: postUrn, message: { text } }` (Comments API; publishing-depth.md). The actor
 * is the post's author: the organisation it was published as (the target's destination), else
 * the member. The comment's URN comes back in `x-restli-id` (or the body's `commentUrn`).
 *
 * An image goes first through the Images API with the actor as owner (initializeUpload, PUT), as
 * a post's does (media-upload.ts), and the comment names it in `content: [{ entity: { image } }]`.
 * Images are AVAILABLE at once; one that is not yet fails the comment (it is not posted) rather
 * than being waited for inside the comment's call.
 */
export async function commentOnLinkedinPost(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const actor = input.destination?.startsWith("urn:li:organization:") ? input.destination : `urn:li:person:${input.networkUserId}`;
  const content = await commentImage(tokens, actor, input, net);
  const response = await callNetwork(net, linkedinErrorTable, `${linkedinUrls.rest}/socialActions/${encodeURIComponent(input.networkPostId)}/comments`, {
    method: "POST",
    headers: { ...linkedinRestHeaders(tokens, net), "content-type": "application/json" },
    body: JSON.stringify({ actor, object: input.networkPostId, message: { text: input.text }, ...(content ? { content } : {}) }),
  });
  const urn = response.headers.get("x-restli-id") ?? parseNetworkBody("linkedin", v.object({ commentUrn: v.string() }), response.body, "comments.create").commentUrn;
  return { id: urn, url: null };
}

async function commentImage(tokens: TokenSet, actor: string, input: FirstCommentInput, net: NetworkContext) {
  const image = input.media?.[0];
  if (!image) return null;
  const [asset] = await uploadAssets(tokens, actor, [image], net);
  if (!asset) return null;
  const status = await assetStatus(tokens, asset, net);
  if (status.state === "failed") throw status.error;
  if (status.state === "processing") {
    // Not `platform_unavailable`: that reads as an unknown outcome, and this comment was surely not posted.
    throw new ApiError("media_unreadable", { platform: "linkedin", param: "firstComment.media", message: "LinkedIn was still processing the comment's image, so the comment was not posted." });
  }
  return [{ entity: { image: asset.urn } }];
}
