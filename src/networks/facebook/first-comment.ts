import * as v from "valibot";
import type { FirstCommentInput, FirstCommentResult } from "../first-comment-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookErrorTable } from "../meta/facebook-errors.js";
import { graphPost } from "../meta/graph.js";
import { asPage, facebookGraphUrl } from "../meta/page-access.js";

const Created = v.object({ id: v.string() });

/**
 * A Facebook page's first comment: `POST /{page-post-id}/comments` with `message`, as the page
 * with the page's token (spec `PagePost`, POST `comments`; publishing-depth.md). The page is the
 * target's destination, or the page part of a `{page-id}_{post-id}` id. An image goes as
 * `attachment_url` (single-valued in the spec, so one file), which Graph fetches from the signed
 * URL. Graph gives a comment no link in this answer, so the url is null.
 */
export async function commentOnPagePost(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult> {
  const image = input.media?.[0];
  const pageId = input.destination ?? input.networkPostId.split("_")[0] ?? "";
  return asPage(tokens, net, pageId, async (page) => {
    const created = await graphPost(
      net,
      facebookErrorTable,
      facebookGraphUrl(net, `${input.networkPostId}/comments`),
      { message: input.text, ...(image ? { attachment_url: image.url } : {}), access_token: page.token },
      Created,
    );
    return { id: created.id, url: null };
  });
}
