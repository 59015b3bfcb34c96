import { ApiError } from "../../infra/errors.js";
import type { EditFacet } from "../facets/edit.js";
import { callNetwork } from "../http.js";
import { googleBusinessUrls } from "./capabilities.js";
import { googleBusinessPublishErrorTable } from "./errors.js";

const LOCAL_POST_NAME = /^accounts\/[^/]+\/locations\/[^/]+\/localPosts\/[^/]+$/;

/**
 * A local post's text after publishing: `PATCH {name}?updateMask=summary` with the LocalPost's
 * `summary` (localPosts.patch; every changed field must be in the mask, so a field left out keeps
 * its value). An empty text clears the summary, which Google allows only on a post with a photo.
 */
export const googleBusinessEdit: EditFacet = {
  editable: ["text"],
  async editPublished(tokens, edit, net) {
    if (!LOCAL_POST_NAME.test(edit.networkPostId)) {
      throw new ApiError("platform_rejected", { platform: "googlebusiness", message: `googlebusiness: ${edit.networkPostId} is not a local post name`, fix: null });
    }
    const text = String(edit.changes.text ?? "");
    await callNetwork(net, googleBusinessPublishErrorTable, `${googleBusinessUrls.myBusinessV4}/${edit.networkPostId}?updateMask=summary`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json", "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify(text.trim() === "" ? {} : { summary: text }),
    });
  },
};
