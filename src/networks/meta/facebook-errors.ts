import type { ErrorRow, ErrorTable } from "../http.js";
import { extractGraphError, graphCommonRows } from "./graph.js";

/**
 * Facebook Pages failures. Page-specific subcodes come before the Graph-wide rows because the
 * first matching row wins. Subcodes marked [3p] come from third-party integrations (the sheet's
 * Postiz-style map), not from Meta's pages.
 */
const pageRows: ErrorRow[] = [
  { networkCode: "10", subcode: "2018278", code: "page_reply_window_closed", meaning: "(#10) the message is sent outside of the allowed window (24 h, or 7 days with HUMAN_AGENT)" },
  { subcode: "1404078", code: "owner_identity_check", meaning: "[3p] Page Publishing Authorization required: the page admin must confirm identity" },
  { subcode: "1404006", code: "temporarily_blocked", meaning: "[3p] security check: the account is temporarily limited" },
  { subcode: "1404112", code: "temporarily_blocked", meaning: "[3p] account temporarily limited" },
  { subcode: "1390008", code: "temporarily_blocked", meaning: "[3p] posting too fast" },
  { subcode: "1366046", code: "media_too_large", meaning: "[3p] photo over 4 MB or in a format the network refuses" },
  { subcode: "2061006", code: "media_unreadable", meaning: "[3p] a media URL is invalid and could not be fetched" },
  { subcode: "1363047", code: "platform_unavailable", meaning: "[3p] service unavailable: retry" },
  { subcode: "1609010", code: "platform_unavailable", meaning: "[3p] service unavailable: retry" },
  { networkCode: "506", code: "duplicate_post", meaning: "(#506) duplicate status message: an identical post was made recently" },
  { networkCode: "324", code: "media_unreadable", meaning: "[3p] (#324) missing or invalid image file: the photo URL could not be read as an image" },
  { networkCode: "1609005", code: "option_invalid", meaning: "error posting link: Meta could not fetch the link given in platformOptions.facebook.link" },
  { networkCode: "80001", code: "rate_limited", meaning: "Pages business-use-case limit reached (page or system-user token)" },
  { networkCode: "80006", code: "rate_limited", meaning: "Messenger business-use-case limit reached" },
];

export const facebookErrorTable: ErrorTable = {
  platform: "facebook",
  extract: extractGraphError,
  rows: [...pageRows, ...graphCommonRows("missing_permission")],
};
