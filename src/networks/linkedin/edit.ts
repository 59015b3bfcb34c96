import { callNetwork } from "../http.js";
import type { EditFacet } from "../facets/edit.js";
import { ApiError } from "../../infra/errors.js";
import { linkedinUrls } from "./capabilities.js";
import { toLittleText } from "./commentary.js";
import { linkedinPublishErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * A published post's commentary: `POST /rest/posts/{encoded URN}` with `X-RestLi-Method:
 * PARTIAL_UPDATE` and `{ patch: { $set: { commentary } } }` (linkedin.md §2; the Posts API schema
 * marks `commentary` updatable, `author` and `content` create-only). The text goes through the
 * same little-text escaping as at creation, so it reads the same. Media cannot change.
 */
export const linkedinEdit: EditFacet = {
  editable: ["text"],
  async editPublished(tokens, edit, net) {
    if (!/^urn:li:(share|ugcPost):\d+$/.test(edit.networkPostId)) {
      throw new ApiError("platform_rejected", { platform: "linkedin", message: `linkedin: ${edit.networkPostId} is not a post URN`, fix: null });
    }
    await callNetwork(net, linkedinPublishErrorTable, `${linkedinUrls.rest}/posts/${encodeURIComponent(edit.networkPostId)}`, {
      method: "POST",
      headers: { ...linkedinRestHeaders(tokens, net), "content-type": "application/json", "x-restli-method": "PARTIAL_UPDATE" },
      body: JSON.stringify({ patch: { $set: { commentary: toLittleText(String(edit.changes.text ?? "")) } } }),
    });
  },
};
