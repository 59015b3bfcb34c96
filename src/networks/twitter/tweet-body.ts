import { ApiError } from "../../infra/errors.js";

/**
 * `platformOptions.twitter` turned into the `POST /2/tweets` body (`CreatePostsRequest`, which
 * allows no other properties). Each option maps to one field; shapes are checked here so a wrong
 * one is refused before any media is uploaded.
 */

const invalid = (name: string, message: string) => new ApiError("option_invalid", { param: `platformOptions.twitter.${name}`, platform: "twitter", message, beforeExecution: true });

const POST_ID = /^\d{1,19}$/;
const REPLY_SETTINGS = ["following", "mentionedUsers", "subscribers", "verified"];

function read<T>(options: Record<string, unknown>, name: string, check: (value: unknown) => value is T, expected: string): T | undefined {
  const value = options[name];
  if (value === undefined || value === null) return undefined;
  if (!check(value)) throw invalid(name, `${name} must be ${expected}.`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === "string" && value !== "";
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string" && POST_ID.test(item));
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");
const isPostId = (value: unknown): value is string => typeof value === "string" && POST_ID.test(value);

export interface TweetOptions {
  body: Record<string, unknown>;
  taggedUserIds: string[] | undefined;
}

/** Reads and checks the options; the result is merged with the text and media ids by {@link tweetBody}. */
export function readTweetOptions(options: Record<string, unknown>): TweetOptions {
  const body: Record<string, unknown> = {};
  const replySettings = read(options, "replySettings", isString, `one of ${REPLY_SETTINGS.join(", ")}`);
  if (replySettings !== undefined && !REPLY_SETTINGS.includes(replySettings)) throw invalid("replySettings", `replySettings must be one of ${REPLY_SETTINGS.join(", ")}.`);
  if (replySettings) body.reply_settings = replySettings;

  const replyTo = read(options, "replyToPostId", isPostId, "a post id (digits)");
  const exclude = read(options, "excludeReplyUserIds", isIdList, "an array of user ids");
  if (exclude && !replyTo) throw invalid("excludeReplyUserIds", "excludeReplyUserIds needs replyToPostId.");
  if (replyTo) body.reply = { in_reply_to_tweet_id: replyTo, ...(exclude ? { exclude_reply_user_ids: exclude } : {}) };

  const quote = read(options, "quotePostId", isPostId, "a post id (digits)");
  if (quote) body.quote_tweet_id = quote;

  const pollOptions = read(options, "pollOptions", isStringList, "an array of 2 to 4 choices");
  const pollMinutes = read(options, "pollDurationMinutes", isInteger, "a whole number of minutes");
  if (pollOptions) {
    if (pollOptions.length < 2 || pollOptions.length > 4 || pollOptions.some((o) => [...o].length < 1 || [...o].length > 25)) {
      throw invalid("pollOptions", "A poll has 2 to 4 choices of 1 to 25 characters.");
    }
    if (pollMinutes === undefined || pollMinutes < 5 || pollMinutes > 10080) throw invalid("pollDurationMinutes", "pollDurationMinutes (5 to 10080) is required with pollOptions.");
    body.poll = { options: pollOptions, duration_minutes: pollMinutes };
  } else if (pollMinutes !== undefined) {
    throw invalid("pollDurationMinutes", "pollDurationMinutes needs pollOptions.");
  }

  const flags: [string, string][] = [
    ["madeWithAi", "made_with_ai"],
    ["paidPartnership", "paid_partnership"],
    ["forSuperFollowersOnly", "for_super_followers_only"],
    ["shareWithFollowers", "share_with_followers"],
    ["nullcast", "nullcast"],
  ];
  for (const [option, field] of flags) {
    const value = read(options, option, isBoolean, "true or false");
    if (value !== undefined) body[field] = value;
  }
  const community = read(options, "communityId", isPostId, "a community id (digits)");
  if (community) body.community_id = community;
  const place = read(options, "locationId", isString, "an X place id");
  if (place) body.geo = { place_id: place };
  const card = read(options, "cardUri", isString, "a card URI");
  if (card) body.card_uri = card;
  const deepLink = read(options, "directMessageDeepLink", isString, "a link");
  if (deepLink) body.direct_message_deep_link = deepLink;

  const tagged = read(options, "taggedUserIds", isIdList, "an array of user ids");
  if (tagged && tagged.length > 10) throw invalid("taggedUserIds", "At most 10 people can be tagged.");
  return { body, taggedUserIds: tagged };
}

/** The full create body: `text` is always sent (X's backend rejects an absent one), media when there is some. */
export function tweetBody(text: string, mediaIds: string[], options: TweetOptions): Record<string, unknown> {
  const media = mediaIds.length > 0 ? { media: { media_ids: mediaIds, ...(options.taggedUserIds?.length ? { tagged_user_ids: options.taggedUserIds } : {}) } } : {};
  return { text, ...options.body, ...media };
}
