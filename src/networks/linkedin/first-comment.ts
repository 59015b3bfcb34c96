import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * LinkedIn's first comment: `POST /rest/socialActions/{postUrn}/comments` with
 * `{ actor, object: postUrn, message: { text } }` (Comments API; publishing-depth.md). The actor
 * is the post's author: the organisation it was published as (the target's destination), else
 * the member. The comment's URN comes back in `x-restli-id` (or the body's `commentUrn`).
 */
export async function commentOnLinkedinPost(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const actor = input.destination?.startsWith("urn:li:organization:") ? input.destination : `urn:li:person:${input.networkUserId}`;
  const response = await callNetwork(net, linkedinErrorTable, `${linkedinUrls.rest}/socialActions/${encodeURIComponent(input.networkPostId)}/comments`, {
    method: "POST",
    headers: { ...linkedinRestHeaders(tokens, net), "content-type": "application/json" },
    body: JSON.stringify({ actor, object: input.networkPostId, message: { text: input.text } }),
  });
  const urn = response.headers.get("x-restli-id") ?? parseNetworkBody("linkedin", v.object({ commentUrn: v.string() }), response.body, "comments.create").commentUrn;
  return { id: urn, url: null };
}
