import type { EditFacet } from "../facets/edit.js";
import { facebookErrorTable } from "../meta/facebook-errors.js";
import { graphPost, SuccessSchema } from "../meta/graph.js";
import { asPage, facebookGraphUrl } from "../meta/page-access.js";

/**
 * A page post's text after publishing: `POST /{page-post-id}` with `message`, as the page with its
 * token (spec `PagePost`, POST on the node; publishing-depth.md). The update takes no media
 * parameter, so photos and videos stay what they were; only the text is offered.
 */
export const facebookEdit: EditFacet = {
  editable: ["text"],
  async editPublished(tokens, edit, net) {
    const pageId = edit.destination ?? edit.networkPostId.split("_")[0] ?? "";
    const message = String(edit.changes.text ?? "");
    await asPage(tokens, net, pageId, (page) => graphPost(net, facebookErrorTable, facebookGraphUrl(net, edit.networkPostId), { message, access_token: page.token }, SuccessSchema));
  },
};
