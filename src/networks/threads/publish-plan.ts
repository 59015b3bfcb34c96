import { ApiError } from "../../infra/errors.js";
import { captionOf, isVideo, optionReader } from "../facebook/meta-publish.js";
import type { PublishMedia, PublishRequest } from "../publish-types.js";
import { threadsCapabilities, threadsPublishing } from "./capabilities.js";
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

const refuse = (code: "text_too_long" | "text_required" | "field_invalid", message: string, param: string) =>
  new ApiError(code, { platform: "threads", param, message, beforeExecution: true });

const pollKeys = ["option_a", "option_b", "option_c", "option_d"] as const;

export function planThreadsPost(request: PublishRequest): ThreadsPlan {
  const options = optionReader("threads", request.options);
  const length = threadsTextLength(request.text);
  if (length > threadsTextLimit) {
    throw refuse("text_too_long", `Threads takes ${threadsTextLimit} characters (emoji count as their UTF-8 bytes); this text counts ${length}.`, "text");
  }
  const media = request.media;
  const { min, max } = threadsPublishing.carouselItems;
  if (media.length > max) throw refuse("field_invalid", `A Threads carousel takes ${min} to ${max} items.`, "media");
  const [first] = media;
  const kind: ThreadsPlan["kind"] = media.length > 1 ? "CAROUSEL" : first === undefined ? "TEXT" : isVideo(first) ? "VIDEO" : "IMAGE";
  const text = captionOf(request.text);
  if (kind === "TEXT" && text === undefined) throw refuse("text_required", "A Threads post without media needs text.", "text");

  const replyControl = options.string("replyControl");
  if (replyControl !== undefined && !threadsCapabilities.options.replyControl.values.includes(replyControl)) {
    throw options.refuse("replyControl", `one of ${threadsCapabilities.options.replyControl.values.join(", ")}`);
  }
  const topicTag = options.string("topicTag");
  if (topicTag !== undefined && (topicTag.length > 50 || /[.&]/.test(topicTag))) throw options.refuse("topicTag", "1 to 50 characters without '.' or '&'");
  const textOnly = (name: string) => {
    if (request.options[name] !== undefined && kind !== "TEXT") throw options.refuse(name, "left out: it applies to posts without media");
  };
  textOnly("linkAttachment");
  textOnly("pollOptions");
  const link = options.string("linkAttachment");
  if (link !== undefined && !URL.canParse(link)) throw options.refuse("linkAttachment", "a URL");
  const pollOptions = options.strings("pollOptions");
  if (pollOptions !== undefined && (pollOptions.length < 2 || pollOptions.length > 4 || pollOptions.some((o) => o.length > 25))) {
    throw options.refuse("pollOptions", "2 to 4 options of 1 to 25 characters");
  }
  if (request.options.altText !== undefined && kind !== "IMAGE" && kind !== "VIDEO") {
    throw options.refuse("altText", "left out: it applies to one image or video (carousel items take their own alt text)");
  }
  const countries = options.strings("allowlistedCountryCodes");
  if (countries !== undefined && !countries.every((c) => /^[A-Z]{2}$/.test(c))) throw options.refuse("allowlistedCountryCodes", "ISO 3166-1 alpha-2 codes such as US or DE");

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
  };
  return { kind, items: media, fields };
}
