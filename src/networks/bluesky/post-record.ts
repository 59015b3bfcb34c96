import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkContext } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_POST_COLLECTION, BLUESKY_POST_LIMITS, BLUESKY_POSTGATE_COLLECTION, BLUESKY_THREADGATE_COLLECTION, BLUESKY_WEB_URL } from "./capabilities.js";
import { countGraphemes, utf8Length } from "./text.js";
import { blueskyFailure, xrpc } from "./xrpc.js";

/** `platformOptions.bluesky`, read once with the shapes the capabilities describe. */
export interface BlueskyPostOptions {
  langs: string[];
  tags: string[];
  contentLabels: string[];
  replyTo: string | null;
  quote: string | null;
  /** null: everybody may reply (no threadgate); [] nobody. */
  replyRules: string[] | null;
  disableQuotes: boolean;
  linkCard: boolean;
}

const LABELS = ["sexual", "nudity", "porn", "graphic-media"];
const REPLY_RULES = ["mentioned", "following", "followers"];

const invalidOption = (name: string, message: string) => new ApiError("option_invalid", { param: `platformOptions.bluesky.${name}`, platform: "bluesky", message, beforeExecution: true });

function stringArray(options: Record<string, unknown>, name: string): string[] | null {
  const value = options[name];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === "string")) throw invalidOption(name, `${name} must be an array of strings.`);
  return value;
}

function optionalString(options: Record<string, unknown>, name: string): string | null {
  const value = options[name];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw invalidOption(name, `${name} must be a string.`);
  return value.trim();
}

function optionalBoolean(options: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = options[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw invalidOption(name, `${name} must be true or false.`);
  return value;
}

export function readPostOptions(options: Record<string, unknown>): BlueskyPostOptions {
  const langs = stringArray(options, "langs") ?? [];
  if (langs.length > BLUESKY_POST_LIMITS.langs) throw invalidOption("langs", `Bluesky takes at most ${BLUESKY_POST_LIMITS.langs} languages.`);
  if (!langs.every((l) => /^[a-zA-Z]{2,8}(-[a-zA-Z0-9]{1,8})*$/.test(l))) throw invalidOption("langs", "langs must be BCP-47 language codes such as en or pt-BR.");
  const tags = (stringArray(options, "tags") ?? []).map((t) => t.trim().replace(/^#/, "")).filter(Boolean);
  if (tags.length > BLUESKY_POST_LIMITS.tags) throw invalidOption("tags", `Bluesky takes at most ${BLUESKY_POST_LIMITS.tags} extra tags.`);
  if (tags.some((t) => countGraphemes(t) > BLUESKY_POST_LIMITS.tagGraphemes || utf8Length(t) > BLUESKY_POST_LIMITS.tagBytes)) {
    throw invalidOption("tags", `Each tag may have at most ${BLUESKY_POST_LIMITS.tagGraphemes} characters.`);
  }
  const contentLabels = stringArray(options, "contentLabels") ?? [];
  if (!contentLabels.every((l) => LABELS.includes(l))) throw invalidOption("contentLabels", `contentLabels takes ${LABELS.join(", ")}.`);
  const replyRules = stringArray(options, "replyRules");
  if (replyRules && !replyRules.every((r) => REPLY_RULES.includes(r))) throw invalidOption("replyRules", `replyRules takes ${REPLY_RULES.join(", ")}.`);
  return {
    langs,
    tags,
    contentLabels: [...new Set(contentLabels)],
    replyTo: optionalString(options, "replyTo"),
    quote: optionalString(options, "quote"),
    replyRules: replyRules ? [...new Set(replyRules)] : null,
    disableQuotes: optionalBoolean(options, "disableQuotes", false),
    linkCard: optionalBoolean(options, "linkCard", true),
  };
}

export interface PostAddress {
  /** DID or handle, as written. */
  repo: string;
  rkey: string;
}

/** `at://<did or handle>/app.bsky.feed.post/<rkey>` or `https://bsky.app/profile/<did or handle>/post/<rkey>`. */
export function parsePostAddress(value: string): PostAddress | null {
  const at = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([A-Za-z0-9._:~-]+)$/.exec(value);
  if (at?.[1] && at[2]) return { repo: decodeURIComponent(at[1]), rkey: at[2] };
  try {
    const url = new URL(value);
    const web = /^\/profile\/([^/]+)\/post\/([A-Za-z0-9._:~-]+)\/?$/.exec(url.pathname);
    if (url.hostname === new URL(BLUESKY_WEB_URL).hostname && web?.[1] && web[2]) return { repo: decodeURIComponent(web[1]), rkey: web[2] };
  } catch {
    return null;
  }
  return null;
}

export interface StrongRef {
  uri: string;
  cid: string;
}

const RecordAnswer = v.looseObject({
  uri: v.string(),
  cid: v.string(),
  value: v.looseObject({ reply: v.optional(v.looseObject({ root: v.looseObject({ uri: v.string(), cid: v.string() }) })) }),
});

/**
 * The post an option points at, read with `com.atproto.repo.getRecord` on the account's PDS
 * (which forwards repos it does not host to its AppView): its strong reference and, for replies,
 * the root of its thread. A post that does not exist is the option's fault.
 */
export async function readReferencedPost(net: NetworkContext, pds: string, option: "replyTo" | "quote", value: string): Promise<{ ref: StrongRef; root: StrongRef }> {
  const address = parsePostAddress(value);
  if (!address) throw invalidOption(option, `${option} must be an at:// URI or a bsky.app post URL.`);
  const result = await xrpc<unknown>(net, {
    base: pds,
    nsid: BLUESKY_METHODS.getRecord,
    method: "GET",
    params: { repo: address.repo, collection: BLUESKY_POST_COLLECTION, rkey: address.rkey },
  });
  if (!result.ok) {
    if (result.error === "RecordNotFound" || result.error === "InvalidRequest") {
      throw new ApiError("option_invalid", {
        param: `platformOptions.bluesky.${option}`,
        platform: "bluesky",
        message: `The post in ${option} (${value}) does not exist or was deleted.`,
      });
    }
    throw blueskyFailure(net, result.failure);
  }
  const parsed = v.safeParse(RecordAnswer, result.body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "bluesky: unexpected getRecord response" });
  const ref = { uri: parsed.output.uri, cid: parsed.output.cid };
  const root = parsed.output.value.reply?.root;
  return { ref, root: root ? { uri: root.uri, cid: root.cid } : ref };
}

/** Record keys of posts are TIDs: 53 bits of microseconds and a 10-bit clock id, in sortable base32. */
const S32 = "234567abcdefghijklmnopqrstuvwxyz";

export function createTid(now: Date): string {
  const [jitter = 0, clock = 0] = crypto.getRandomValues(new Uint16Array(2));
  const micros = BigInt(now.getTime()) * 1000n + BigInt(jitter % 1000);
  let value = (micros << 10n) | BigInt(clock % 1024);
  let out = "";
  for (let i = 0; i < 13; i += 1) {
    out = `${S32[Number(value & 31n)] ?? "2"}${out}`;
    value >>= 5n;
  }
  return out;
}

/**
 * Threadgate (who may reply) and postgate (quotes off) records for a post. Both must use the
 * post's own record key in the same repository, so they are written with the post in one
 * `applyWrites` under a key chosen here, as the Bluesky app does.
 */
export function gateWrites(postUri: string, rkey: string, options: BlueskyPostOptions, createdAt: string): Record<string, unknown>[] {
  const writes: Record<string, unknown>[] = [];
  if (options.replyRules !== null) {
    const rule = { mentioned: "mentionRule", following: "followingRule", followers: "followerRule" } as const;
    const allow = options.replyRules.map((r) => ({ $type: `app.bsky.feed.threadgate#${rule[r as keyof typeof rule]}` }));
    writes.push({
      $type: "com.atproto.repo.applyWrites#create",
      collection: BLUESKY_THREADGATE_COLLECTION,
      rkey,
      value: { $type: BLUESKY_THREADGATE_COLLECTION, post: postUri, allow, createdAt },
    });
  }
  if (options.disableQuotes) {
    writes.push({
      $type: "com.atproto.repo.applyWrites#create",
      collection: BLUESKY_POSTGATE_COLLECTION,
      rkey,
      value: { $type: BLUESKY_POSTGATE_COLLECTION, post: postUri, embeddingRules: [{ $type: "app.bsky.feed.postgate#disableRule" }], createdAt },
    });
  }
  return writes;
}

/** The self-labels field of a post. */
export function selfLabels(values: string[]): Record<string, unknown> | undefined {
  return values.length > 0 ? { $type: "com.atproto.label.defs#selfLabels", values: values.map((val) => ({ val })) } : undefined;
}

/** `https://bsky.app/profile/<handle>/post/<rkey>`; the DID stands in when the handle is unknown. */
export function postWebUrl(handleOrDid: string, uri: string): string | null {
  const rkey = /\/app\.bsky\.feed\.post\/([^/]+)$/.exec(uri)?.[1];
  return rkey ? `${BLUESKY_WEB_URL}/profile/${handleOrDid}/post/${rkey}` : null;
}
