import type { EditFacet } from "../facets/edit.js";
import { callNetwork } from "../http.js";
import { pinterestApiBaseUrl } from "./capabilities.js";
import { pinterestPublishErrorTable } from "./errors.js";

/**
 * A Pin after publishing: `PATCH /v5/pins/{pin_id}` (spec `pins/update`, body `PinUpdate`): the
 * description (the post's text), title, link, alt text and board. `PinUpdate` has no media, so the
 * image or video stays. Only the fields that change are sent; the others keep their value.
 */
export const pinterestEdit: EditFacet = {
  editable: ["text", "title", "link", "altText", "boardId"],
  async editPublished(tokens, edit, net) {
    const { changes } = edit;
    const body: Record<string, unknown> = {};
    if (changes.text !== undefined) body.description = changes.text === "" ? null : changes.text;
    if (changes.title !== undefined) body.title = changes.title;
    if (changes.link !== undefined) body.link = changes.link;
    if (changes.altText !== undefined) body.alt_text = changes.altText;
    if (changes.boardId !== undefined) body.board_id = changes.boardId;
    await callNetwork(net, pinterestPublishErrorTable, `${pinterestApiBaseUrl}/pins/${encodeURIComponent(edit.networkPostId)}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${tokens.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  },
};
