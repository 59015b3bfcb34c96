import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { EngageFacet } from "../facets/engage.js";
import { type ErrorTable, callNetwork, parseNetworkBody } from "../http.js";
import { pinterestApiBaseUrl, pinterestPinUrl } from "./capabilities.js";
import { pinterestErrorTable } from "./errors.js";

/**
 * Pinterest's one engagement through API v5 is saving a pin (`POST /pins/{pin_id}/save`, operation
 * `pins/save`), which Pinterest shows as a repin: a new pin on one of the account's boards. It has
 * no undo (deleting the new pin is deleting a post), no like (reactions are app-only) and follows
 * are a beta without unfollow (the Pinterest inbox sheet), so the facet has `savePost` alone.
 * A save needs a board: the spec lets `board_id` be null but says the pin is saved "on a board or
 * board section", so Chorus asks for the board rather than guess which one the user meant.
 */

const PIN_ID = /^[0-9]{1,24}$/;
/** pinterest.com and its country sites (www.pinterest.co.uk, fr.pinterest.com, …). */
const HOST = /^(?:[a-z]{2,3}\.|www\.)?pinterest\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

const SavedPin = v.looseObject({ id: v.string() });

/** The save's own refusal first: 404 code 50 "Pin not found." is the target missing (a missing board, code 40, stays `pin_board_missing`). */
const saveErrorTable: ErrorTable = {
  ...pinterestErrorTable,
  rows: [
    { status: 404, subcode: "pin_not_found", code: "engagement_target_not_found", meaning: '404 code 50 "Pin not found.": the pin to save does not exist or is not visible.' },
    ...pinterestErrorTable.rows,
  ],
};

export const pinterestEngage: EngageFacet = {
  parsePost(target) {
    const text = target.trim();
    if (PIN_ID.test(text)) return text;
    if (!URL.canParse(text)) return null;
    const url = new URL(text);
    const id = /^\/pin\/([0-9]{1,24})\/?$/.exec(url.pathname)?.[1];
    return url.protocol === "https:" && HOST.test(url.hostname) && id ? id : null;
  },

  // Pinterest has no person action Chorus can take (follow is a closed beta), so no person form parses.
  parseUser: () => null,

  targetForms: {
    post: "a Pinterest pin id (digits) or a pin URL (https://www.pinterest.com/pin/<id>/)",
    user: "nothing: Pinterest offers no action on a person through its API",
  },

  options: { save: ["board"] },

  refusals: {
    like: "Pinterest API v5 has no reactions endpoint; `save` (a repin to one of the account's boards) is its engagement",
    unlike: "Pinterest API v5 has no reactions endpoint",
    repost: "on Pinterest a repost is a save: use `save` with `options.board`",
    follow: "Pinterest's follow endpoint is a beta not open to all apps, and it has no unfollow",
    unfollow: "Pinterest API v5 has no unfollow endpoint",
  },

  async savePost(actor, networkPostId, _on, net, options) {
    const board = options?.board;
    if (!board) {
      throw new ApiError("field_required", {
        param: "options.board",
        platform: "pinterest",
        message: "Saving a pin on Pinterest puts it on one of the account's boards, and no board was given.",
        fix: "Send `options.board` with the id of one of the account's boards (GET /v1/social-accounts/{id}/targets lists them).",
      });
    }
    const response = await callNetwork(net, saveErrorTable, `${pinterestApiBaseUrl}/pins/${encodeURIComponent(networkPostId)}/save`, {
      method: "POST",
      headers: { Authorization: `Bearer ${actor.tokens.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ board_id: board }),
    });
    // The answer is the new pin on the board; checked so a changed shape is noticed, but the result names what was saved, as every network's does.
    parseNetworkBody("pinterest", SavedPin, response.body, "pins/save");
    return { networkId: networkPostId, url: pinterestPinUrl(networkPostId) };
  },
};
