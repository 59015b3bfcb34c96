import { ApiError } from "../../infra/errors.js";
import type { ErrorRow, ErrorTable, ExtractedError, NetworkFailure } from "../http.js";
import { extractGraphError, graphCommonRows } from "../meta/graph.js";

/**
 * Instagram failures on both doors. Instagram puts the precise reason in `error_subcode`
 * (2207xxx) under a generic code, so subcode rows come first; the Graph-wide rows follow.
 */
const instagramRows: ErrorRow[] = [
  { networkCode: "10", subcode: "2534022", code: "photo_reply_window_closed", meaning: "(#10) Instagram: the message is sent outside of the allowed window (24 h, or 7 days with HUMAN_AGENT)" },
  { networkCode: "10", subcode: "2018278", code: "photo_reply_window_closed", meaning: "(#10) the Messenger-platform subcode for a message outside the allowed window" },
  { subcode: "2207001", code: "platform_unavailable", meaning: "Instagram server error: safe to retry" },
  { subcode: "2207003", code: "platform_unavailable", meaning: "media download timed out: safe to retry" },
  { subcode: "2207008", code: "platform_unavailable", meaning: "container not found or not ready yet (transient): retry within minutes" },
  { subcode: "2207053", code: "platform_unavailable", meaning: "unknown upload error: create the container again" },
  { subcode: "2207027", code: "platform_unavailable", meaning: "media not ready: wait until the container is FINISHED, then publish" },
  { subcode: "2207020", code: "platform_unavailable", meaning: "container expired (24 h): publish again with a new container" },
  { subcode: "2207032", code: "platform_unavailable", meaning: "creating the media failed: create the container again" },
  { subcode: "2207051", code: "temporarily_blocked", meaning: "action restricted as suspected spam" },
  { subcode: "2207042", code: "quota_exceeded", meaning: "daily publishing limit reached: stop until the 24-hour window moves" },
  { subcode: "2207050", code: "owner_identity_check", meaning: "account restricted, checkpointed or inactive: the owner must log in to the app" },
  { subcode: "2207004", code: "media_too_large", meaning: "image larger than 8 MiB" },
  { subcode: "2207005", code: "media_type_unsupported", meaning: "image format not supported (JPEG only)" },
  { subcode: "2207023", code: "media_type_unsupported", meaning: "unknown media type" },
  { subcode: "2207026", code: "media_type_unsupported", meaning: "video format not supported (MOV or MP4)" },
  { subcode: "2207009", code: "aspect_ratio_unsupported", meaning: "aspect ratio outside 4:5 to 1.91:1" },
  { subcode: "2207010", code: "text_too_long", meaning: "caption over 2,200 characters, 30 hashtags or 20 @-mentions" },
  { subcode: "2207040", code: "text_too_long", meaning: "more than 20 @-mentions" },
  { subcode: "2207052", code: "media_unreadable", meaning: "the media URL could not be fetched" },
  { subcode: "2207057", code: "option_invalid", meaning: "thumb_offset is outside the video" },
  { subcode: "2207035", code: "option_invalid", meaning: "product tag positions are not allowed on video" },
  { subcode: "2207036", code: "option_invalid", meaning: "product tag positions are required on photos" },
  { subcode: "2207037", code: "option_invalid", meaning: "invalid product tag" },
  { subcode: "invalid_location_id", code: "option_invalid", meaning: "INSTAGRAM_PLATFORM_API__INVALID_LOCATION_ID: location_id is not a Facebook Page with location data; take it from place search" },
  { networkCode: "80002", code: "rate_limited", meaning: "Instagram business-use-case limit: too many calls for this account" },
];

/**
 * A location that is not a Page with location data is refused under the generic (#100) with the
 * error name in the message (network sheet, Location tagging); that name becomes a subcode here.
 */
function extractInstagramError(failure: NetworkFailure): ExtractedError {
  const extracted = extractGraphError(failure);
  return /INSTAGRAM_PLATFORM_API__INVALID_LOCATION_ID/.test(extracted.message) ? { ...extracted, subcode: "invalid_location_id" } : extracted;
}

export const instagramErrorTable: ErrorTable = {
  platform: "instagram",
  extract: extractInstagramError,
  rows: [...instagramRows, ...graphCommonRows("missing_permission")],
};

/**
 * A container in `ERROR` names its reason in `status` ("Error: 2207026 ..."): the subcode is
 * classified by the same rows as an HTTP refusal, and an unknown reason passes through as the
 * network's own words with no fix.
 */
export function containerError(status: string | undefined): ApiError {
  const text = status?.trim() || "the media container failed";
  const subcode = /\b(2207\d{3})\b/.exec(text)?.[1];
  const row = subcode === undefined ? undefined : instagramErrorTable.rows.find((r) => r.subcode === subcode);
  if (row) return new ApiError(row.code, { platform: "instagram", message: `instagram: ${text}` });
  return new ApiError("platform_rejected", { platform: "instagram", message: text, fix: null });
}
