import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, classifyFailure, parseNetworkBody, readBody } from "../http.js";
import type { PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, PublishDestination, TokenSet } from "../types.js";
import { googleBusinessPollSeconds, googleBusinessRecentPostsPage, googleBusinessUrls } from "./capabilities.js";
import { googleBusinessPublishErrorTable } from "./errors.js";

/**
 * Local posts through the v4 API: POST {location}/localPosts with the LocalPost (summary, topic,
 * call to action, event or offer, photos by public URL). Google answers with the post and its
 * state: LIVE (published), PROCESSING (checked again with localPosts.get), or REJECTED (a content
 * policy violation).
 */

const Options = v.object({
  location: v.optional(v.string()),
  topicType: v.optional(v.picklist(["STANDARD", "EVENT", "OFFER", "ALERT"])),
  alertType: v.optional(v.picklist(["COVID_19"])),
  languageCode: v.optional(v.string()),
  callToActionType: v.optional(v.picklist(["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"])),
  callToActionUrl: v.optional(v.string()),
  eventTitle: v.optional(v.string()),
  eventStart: v.optional(v.string()),
  eventEnd: v.optional(v.string()),
  offerCouponCode: v.optional(v.string()),
  offerRedeemOnlineUrl: v.optional(v.string()),
  offerTermsConditions: v.optional(v.string()),
});
type Options = v.InferOutput<typeof Options>;

const LocalPost = v.object({
  name: v.string(),
  state: v.optional(v.string()),
  searchUrl: v.optional(v.string()),
  summary: v.optional(v.string()),
  topicType: v.optional(v.string()),
});
type LocalPost = v.InferOutput<typeof LocalPost>;
const LocalPostList = v.object({ localPosts: v.optional(v.array(LocalPost)) });

const table = googleBusinessPublishErrorTable;
const LOCATION_NAME = /^accounts\/[^/]+\/locations\/[^/]+$/;
const headers = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" });
const optionError = (option: string, message: string) =>
  new ApiError("option_invalid", { platform: "googlebusiness", param: `platformOptions.googlebusiness.${option}`, message: `googlebusiness: ${message}` });

function readOptions(raw: Record<string, unknown>): Options {
  const parsed = v.safeParse(Options, raw);
  if (parsed.success) return parsed.output;
  const key = parsed.issues[0]?.path?.[0]?.key;
  throw optionError(typeof key === "string" ? key : "", parsed.issues[0]?.message ?? "invalid option");
}

/** The location: the target's destination, the option, or the account's only location. */
async function locationName(
  tokens: TokenSet,
  request: PublishRequest,
  options: Options,
  net: NetworkContext,
  targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>,
): Promise<string> {
  let name = request.destination ?? options.location;
  if (!name) {
    const locations = await targets(tokens, net);
    const [only] = locations;
    if (!only || locations.length > 1) throw optionError("location", `the account manages ${locations.length} locations; choose one from GET /v1/social-accounts/{id}/targets.`);
    name = only.id;
  }
  if (!LOCATION_NAME.test(name)) throw optionError("location", `${name} is not a location name (accounts/{account}/locations/{location}).`);
  return name;
}

/** `YYYY-MM-DD[THH:MM[:SS]]` read as the location's wall-clock time (google.type.Date and TimeOfDay). */
function civil(option: "eventStart" | "eventEnd", value: string | undefined) {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value) : null;
  if (!match) throw optionError(option, value ? `${value} is not YYYY-MM-DD or YYYY-MM-DDTHH:MM.` : `${option} is required for EVENT and OFFER posts.`);
  const [, year, month, day, hours, minutes, seconds] = match;
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  const time = hours === undefined ? undefined : { hours: Number(hours), minutes: Number(minutes), seconds: Number(seconds ?? "0"), nanos: 0 };
  return { date, time };
}

function localPostBody(request: PublishRequest, options: Options): Record<string, unknown> {
  const topicType = options.topicType ?? "STANDARD";
  const body: Record<string, unknown> = {
    languageCode: options.languageCode,
    summary: request.text.trim() === "" ? undefined : request.text,
    topicType,
    alertType: topicType === "ALERT" ? (options.alertType ?? "COVID_19") : undefined,
  };
  if (options.callToActionType) {
    if (options.callToActionType !== "CALL" && !options.callToActionUrl) throw optionError("callToActionUrl", `a ${options.callToActionType} button needs callToActionUrl.`);
    // CALL uses the location's phone number; Google takes no URL for it.
    body.callToAction = { actionType: options.callToActionType, url: options.callToActionType === "CALL" ? undefined : options.callToActionUrl };
  }
  if (topicType === "EVENT" || topicType === "OFFER") {
    if (!options.eventTitle) throw optionError("eventTitle", "EVENT and OFFER posts need eventTitle.");
    const start = civil("eventStart", options.eventStart);
    const end = civil("eventEnd", options.eventEnd);
    body.event = { title: options.eventTitle, schedule: { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time } };
  }
  if (topicType === "OFFER") {
    body.offer = { couponCode: options.offerCouponCode, redeemOnlineUrl: options.offerRedeemOnlineUrl, termsConditions: options.offerTermsConditions };
  }
  const video = request.media.find((m) => m.kind === "video");
  if (video) throw new ApiError("video_not_supported", { platform: "googlebusiness", param: "media" });
  if (request.media.length > 0) body.media = request.media.map((m) => ({ mediaFormat: "PHOTO", sourceUrl: m.url }));
  return body;
}

function outcome(post: LocalPost): PublishResult {
  if (post.state === "REJECTED") {
    return {
      state: "failed",
      error: new ApiError("platform_rejected", {
        platform: "googlebusiness",
        message: "googlebusiness: Google rejected the post for a content policy violation.",
        fix: "Check the post against Google's Business Profile posts content policy, change it, and publish again.",
      }),
    };
  }
  if (post.state === "PROCESSING") return { state: "processing", networkPostId: post.name, url: post.searchUrl ?? null, pollToken: post.name, pollAfterSeconds: googleBusinessPollSeconds };
  // LIVE (and the unspecified state, which Google uses for posts it shows).
  return { state: "published", networkPostId: post.name, url: post.searchUrl ?? null };
}

export function createGoogleBusinessPublishing(targets: (tokens: TokenSet, net: NetworkContext) => Promise<PublishDestination[]>) {
  async function publish(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
    const options = readOptions(request.options);
    const body = localPostBody(request, options);
    const location = await locationName(tokens, request, options, net, targets);
    const response = await callNetwork(net, table, `${googleBusinessUrls.myBusinessV4}/${location}/localPosts`, {
      method: "POST",
      headers: { ...headers(tokens), "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify(body),
    });
    return outcome(parseNetworkBody("googlebusiness", LocalPost, response.body, "localPosts.create"));
  }

  async function checkPublish(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
    const response = await net.fetch(`${googleBusinessUrls.myBusinessV4}/${pollToken}`, { headers: headers(tokens) }).catch((cause: unknown) => {
      throw new ApiError("platform_unavailable", { platform: "googlebusiness", message: `googlebusiness could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
    });
    const body = await readBody(response);
    if (response.status === 404)
      return { state: "failed", error: new ApiError("platform_rejected", { platform: "googlebusiness", message: "googlebusiness: the post is no longer on the location." }) };
    if (response.status < 200 || response.status >= 300) throw classifyFailure(table, { status: response.status, headers: response.headers, body }, net.now());
    return outcome(parseNetworkBody("googlebusiness", LocalPost, body, "localPosts.get"));
  }

  /** After a lost answer: the location's posts, newest first, matched on the summary and topic sent. */
  async function findPublished(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
    const options = readOptions(request.options);
    const body = localPostBody(request, options);
    const location = await locationName(tokens, request, options, net, targets);
    const response = await callNetwork(net, table, `${googleBusinessUrls.myBusinessV4}/${location}/localPosts?pageSize=${googleBusinessRecentPostsPage}`, { headers: headers(tokens) });
    const posts = parseNetworkBody("googlebusiness", LocalPostList, response.body, "localPosts.list").localPosts ?? [];
    const found = posts.find((post) => post.summary === body.summary && (post.topicType ?? "STANDARD") === body.topicType && post.state !== "REJECTED");
    return found ? { networkPostId: found.name, url: found.searchUrl ?? null } : null;
  }

  /** localPosts.delete. A post already gone counts as deleted, so a retried retract succeeds. */
  async function deletePost(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
    const response = await net.fetch(`${googleBusinessUrls.myBusinessV4}/${networkPostId}`, { method: "DELETE", headers: headers(tokens) }).catch((cause: unknown) => {
      throw new ApiError("platform_unavailable", { platform: "googlebusiness", message: `googlebusiness could not be reached${cause instanceof Error ? `: ${cause.message}` : ""}` });
    });
    const body = await readBody(response);
    if ((response.status >= 200 && response.status < 300) || response.status === 404) return;
    throw classifyFailure(table, { status: response.status, headers: response.headers, body }, net.now());
  }

  return { publish, checkPublish, findPublished, deletePost };
}
