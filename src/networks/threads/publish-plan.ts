import { ApiError } from "../../infra/errors.js";
import { captionOf, optionReader } from "../meta/publish-common.js";
import type { PublishMedia, PublishRequest } from "../publish-types.js";
import { failedChecks, keepOptionsOfKind } from "../option-scope.js";
import { threadsCapabilities, threadsPublishing } from "./capabilities.js";
import { threadsKindOf, threadsPostKinds } from "./rules.js";
import { threadsTextLength, threadsTextLimit } from "./text.js";

/**
 * What one Threads target turns into before any call: a TEXT, IMAGE or VIDEO container, or a
 * CAROUSEL of 2-20 image/video children. `fields` are the post container's parameters.
 */
export interface ThreadsPlan {
  kind: "TEXT" | "IMAGE" | "VIDEO" | "CAROUSEL";
  items: PublishMedia[];
  fields: Record<string, string | undefined>;
}

const refuse = (code: "text_too_long" | "text_required" | "field_invalid", message: string, param: string) => new ApiError(code, { platform: "threads", param, message, beforeExecution: true });

const pollKeys = ["option_a", "option_b", "option_c", "option_d"] as const;

export function planThreadsPost(request: PublishRequest): ThreadsPlan {
  const options = optionReader("threads", request.options);
  const length = threadsTextLength(request.text);
  if (length > threadsTextLimit) {
    throw refuse("text_too_long", `Threads takes ${threadsTextLimit} characters (emoji count as their UTF-8 bytes); this text counts ${length}.`, "text");
  }
  const media = request.media;
  const { min, max } = threadsPublishing.carouselItems;
  const kind = threadsKindOf(media.map((m) => m.kind));
  if (kind === null) throw refuse("field_invalid", `A Threads carousel takes ${min} to ${max} items.`, "media");
  const [first] = media;
  const text = captionOf(request.text);
  if (kind === "TEXT" && text === undefined) throw refuse("text_required", "A Threads post without media needs text.", "text");

  const replyControl = options.string("replyControl");
  if (replyControl !== undefined && !threadsCapabilities.options.replyControl.values.includes(replyControl)) {
    throw options.refuse("replyControl", `one of ${threadsCapabilities.options.replyControl.values.join(", ")}`);
  }
  // rules.ts holds which kinds take which options and what each value must be, for this plan and for POST /v1/posts/validate alike.
  keepOptionsOfKind("threads", threadsPostKinds, kind, request.options);
  const [failed] = failedChecks(threadsPostKinds, request.options);
  if (failed) throw options.refuse(failed.name, failed.expected);
  const topicTag = options.string("topicTag");
  const link = options.string("linkAttachment");
  const pollOptions = options.strings("pollOptions");
  const countries = options.strings("allowlistedCountryCodes");

  const fields: Record<string, string | undefined> = {
    text,
    reply_control: replyControl,
    topic_tag: topicTag,
    link_attachment: link,
    poll_attachment: pollOptions === undefined ? undefined : JSON.stringify(Object.fromEntries(pollOptions.map((o, i) => [pollKeys[i], o]))),
    alt_text: kind === "IMAGE" || kind === "VIDEO" ? (options.string("altText") ?? first?.alt ?? undefined) : undefined,
    location_id: options.string("locationId"),
    // [3p] a comma-separated list, as third-party clients send it; Meta's reference names the parameter only.
    allowlisted_country_codes: countries?.join(","),
    quote_post_id: options.string("quotePostId"),
    // A chain item answers the item before it (a reply container).
    reply_to_id: request.inReplyTo,
  };
  return { kind, items: media, fields };
}
