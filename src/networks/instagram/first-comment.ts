import * as v from "valibot";
import { graphPost } from "../meta/graph.js";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { instagramErrorTable } from "./errors.js";
import { igUrl } from "./published-media.js";

const Created = v.object({ id: v.string() });

/**
 * Instagram's first comment: `POST /{ig-media-id}/comments` with `message` (spec `IGMedia` and
 * `IGMediaForIGOnlyAPI`, POST `comments`: `message` only, no media), on the media id that
 * `media_publish` returned, so only once the container is published. Instagram has no link to
 * a single comment: the url is null.
 */
export async function commentOnInstagramMedia(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const created = await graphPost(net, instagramErrorTable, igUrl(tokens, net, `${input.networkPostId}/comments`), { message: input.text, access_token: tokens.accessToken }, Created);
  return { id: created.id, url: null };
}
