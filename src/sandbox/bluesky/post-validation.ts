import {
  BLUESKY_IMAGE_MAX_BYTES,
  BLUESKY_POST_COLLECTION,
  BLUESKY_POST_LIMITS,
  BLUESKY_POSTGATE_COLLECTION,
  BLUESKY_THREADGATE_COLLECTION,
  BLUESKY_THREADGATE_LIMITS,
} from "../../networks/bluesky/capabilities.js";
import { countGraphemes, utf8Length } from "../../networks/bluesky/text.js";
import type { SimulatorDeps } from "../types.js";
import { PLATFORM } from "./accounts.js";
import type { StoredBlob } from "./blobs.js";

/** Lexicon app.bsky.embed.video (`maxSize`). */
export const BLUESKY_VIDEO_MAX_BYTES = 100_000_000;
import { unstorableText } from "./wire.js";
import { isRecord } from "../../types/is-record.js";

/**
 * What the reference PDS checks when a feed record is written: the lexicon (required keys,
 * lengths, union members) and, for every blob the record references, that the blob was uploaded
 * to this repository and fits the field's `maxSize`. Messages are the PDS's own
 * ("Invalid app.bsky.feed.post record: blob too big (maximum 1000000, got 1261048) at
 * $.record.embed.images[0].image", observed on PDS 0.4.217), so the adapter's error table is
 * exercised with what it will really see.
 */

export type Invalid = { error: string; message: string };

/** The feed records the PDS validates against their lexicons on every write. */
export const FEED_COLLECTIONS: readonly string[] = [BLUESKY_POST_COLLECTION, BLUESKY_THREADGATE_COLLECTION, BLUESKY_POSTGATE_COLLECTION];

class RecordCheck {
  problem: Invalid | null = null;
  blobs: { path: string; blob: Record<string, unknown>; maxSize: number }[] = [];

  constructor(private readonly collection: string) {}

  fail(message: string, error = "InvalidRequest"): false {
    this.problem ??= { error, message: error === "InvalidRequest" ? `Invalid ${this.collection} record: ${message}` : message };
    return false;
  }

  required(record: Record<string, unknown>, key: string, path: string): boolean {
    return key in record && record[key] !== undefined ? true : this.fail(`Missing required key "${key}" at ${path}`);
  }

  string(value: unknown, path: string, limits?: { graphemes?: number; bytes?: number }): boolean {
    if (typeof value !== "string") return this.fail(`Expected string value type (got ${typeof value}) at ${path}`);
    const unstorable = unstorableText(value, path);
    if (unstorable) return this.fail(unstorable);
    if (limits?.graphemes !== undefined && countGraphemes(value) > limits.graphemes) return this.fail(`grapheme too big (maximum ${limits.graphemes}, got ${countGraphemes(value)}) at ${path}`);
    if (limits?.bytes !== undefined && utf8Length(value) > limits.bytes) return this.fail(`string too big (maximum ${limits.bytes}, got ${utf8Length(value)}) at ${path}`);
    return true;
  }

  datetime(value: unknown, path: string): boolean {
    if (!this.string(value, path)) return false;
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(String(value)) ? true : this.fail(`${path} must be an valid atproto datetime (both RFC-3339 and ISO-8601)`);
  }

  array(value: unknown, path: string, max: number): value is unknown[] {
    if (!Array.isArray(value)) return this.fail(`Expected array value type at ${path}`);
    // PDS 0.4.217's wording (lex-schema IssueTooBig).
    return value.length <= max ? true : this.fail(`array too big (maximum ${max}, got ${value.length}) at ${path}`);
  }

  strongRef(value: unknown, path: string): boolean {
    if (!isRecord(value)) return this.fail(`Expected object value type at ${path}`);
    if (!this.required(value, "uri", path) || !this.required(value, "cid", path)) return false;
    if (typeof value.uri !== "string" || !value.uri.startsWith("at://")) return this.fail(`${path}/uri must be a valid at-uri`);
    return this.string(value.cid, `${path}.cid`);
  }

  blob(value: unknown, path: string, maxSize: number, accept = "image/"): boolean {
    const ref = isRecord(value) && isRecord(value.ref) ? value.ref.$link : undefined;
    if (!isRecord(value) || value.$type !== "blob" || typeof ref !== "string" || typeof value.mimeType !== "string" || typeof value.size !== "number") {
      return this.fail(`Expected blob value type at ${path}`);
    }
    if (!value.mimeType.startsWith(accept)) return this.fail(`${path} mime type is not accepted (expected ${accept.endsWith("/") ? `${accept}*` : accept})`);
    if (value.size > maxSize) return this.fail(`blob too big (maximum ${maxSize}, got ${value.size}) at ${path}`);
    this.blobs.push({ path, blob: value, maxSize });
    return true;
  }

  facets(value: unknown, path: string): boolean {
    if (!this.array(value, path, Number.MAX_SAFE_INTEGER)) return false;
    return value.every((facet, i) => {
      const at = `${path}[${i}]`;
      if (!isRecord(facet) || !isRecord(facet.index) || !Array.isArray(facet.features)) return this.fail(`Expected index and features at ${at}`);
      const { byteStart, byteEnd } = facet.index;
      if (!Number.isInteger(byteStart) || !Number.isInteger(byteEnd) || Number(byteStart) < 0 || Number(byteEnd) < 0) return this.fail(`Expected integer byteStart and byteEnd at ${at}.index`);
      return facet.features.every((feature, j) => {
        const where = `${at}.features[${j}]`;
        if (!isRecord(feature)) return this.fail(`Expected object value type at ${where}`);
        if (feature.$type === "app.bsky.richtext.facet#mention") return typeof feature.did === "string" && feature.did.startsWith("did:") ? true : this.fail(`${where}/did must be a valid did`);
        if (feature.$type === "app.bsky.richtext.facet#link") return typeof feature.uri === "string" && /^\w+:/.test(feature.uri) ? true : this.fail(`${where}/uri must be a uri`);
        if (feature.$type === "app.bsky.richtext.facet#tag") return this.string(feature.tag, `${where}.tag`, { graphemes: BLUESKY_POST_LIMITS.tagGraphemes, bytes: BLUESKY_POST_LIMITS.tagBytes });
        return true; // open union: unknown features are kept, as the lexicon allows
      });
    });
  }

  images(value: Record<string, unknown>, path: string): boolean {
    if (!this.required(value, "images", path) || !this.array(value.images, `${path}.images`, BLUESKY_POST_LIMITS.images)) return false;
    return value.images.every((image, i) => {
      const at = `${path}.images[${i}]`;
      if (!isRecord(image)) return this.fail(`Expected object value type at ${at}`);
      if (!this.required(image, "image", at) || !this.required(image, "alt", at)) return false;
      return this.blob(image.image, `${at}.image`, BLUESKY_IMAGE_MAX_BYTES) && this.string(image.alt, `${at}.alt`);
    });
  }

  /** Lexicon app.bsky.embed.video: a `video/mp4` blob up to 100,000,000 bytes, optional `alt` (1,000 graphemes). */
  video(value: Record<string, unknown>, path: string): boolean {
    if (!this.required(value, "video", path) || !this.blob(value.video, `${path}.video`, BLUESKY_VIDEO_MAX_BYTES, "video/mp4")) return false;
    return value.alt === undefined || this.string(value.alt, `${path}.alt`, { graphemes: 1000, bytes: 10_000 });
  }

  embed(value: unknown, path: string): boolean {
    if (!isRecord(value)) return this.fail(`Expected object value type at ${path}`);
    switch (value.$type) {
      case "app.bsky.embed.images":
        return this.images(value, path);
      case "app.bsky.embed.video":
        return this.video(value, path);
      case "app.bsky.embed.external": {
        const external = value.external;
        if (!isRecord(external)) return this.fail(`Missing required key "external" at ${path}`);
        const at = `${path}.external`;
        if (!["uri", "title", "description"].every((k) => this.required(external, k, at) && this.string(external[k], `${at}.${k}`))) return false;
        return external.thumb === undefined || this.blob(external.thumb, `${at}.thumb`, BLUESKY_POST_LIMITS.thumbBytes);
      }
      case "app.bsky.embed.record":
        return this.strongRef(value.record, `${path}.record`);
      case "app.bsky.embed.recordWithMedia": {
        if (!isRecord(value.record)) return this.fail(`Missing required key "record" at ${path}`);
        if (!this.strongRef(value.record.record, `${path}.record.record`)) return false;
        if (isRecord(value.media) && value.media.$type === "app.bsky.embed.video") return this.video(value.media, `${path}.media`);
        if (!isRecord(value.media) || value.media.$type !== "app.bsky.embed.images") return this.fail(`${path}.media has an unsupported $type`);
        return this.images(value.media, `${path}.media`);
      }
      default:
        return this.fail(
          `${path} $type must be one of lex:app.bsky.embed.images, lex:app.bsky.embed.video, lex:app.bsky.embed.external, lex:app.bsky.embed.record, lex:app.bsky.embed.recordWithMedia`,
        );
    }
  }

  post(record: Record<string, unknown>): void {
    const at = "$.record";
    if (!this.required(record, "text", at) || !this.string(record.text, `${at}.text`, { graphemes: BLUESKY_POST_LIMITS.textGraphemes, bytes: BLUESKY_POST_LIMITS.textBytes })) return;
    if (!this.required(record, "createdAt", at) || !this.datetime(record.createdAt, `${at}.createdAt`)) return;
    if (record.facets !== undefined && !this.facets(record.facets, `${at}.facets`)) return;
    if (record.langs !== undefined && !this.array(record.langs, `${at}.langs`, BLUESKY_POST_LIMITS.langs)) return;
    if (record.tags !== undefined && !this.array(record.tags, `${at}.tags`, BLUESKY_POST_LIMITS.tags)) return;
    if (record.reply !== undefined) {
      if (!isRecord(record.reply) || !this.strongRef(record.reply.root, `${at}.reply.root`) || !this.strongRef(record.reply.parent, `${at}.reply.parent`)) return;
    }
    if (record.embed !== undefined) this.embed(record.embed, `${at}.embed`);
  }

  gate(record: Record<string, unknown>, listKey: "allow" | "embeddingRules"): void {
    const at = "$.record";
    if (!this.required(record, "post", at) || typeof record.post !== "string" || !record.post.startsWith("at://")) {
      this.fail(`${at}/post must be a valid at-uri`);
      return;
    }
    if (!this.required(record, "createdAt", at) || !this.datetime(record.createdAt, `${at}.createdAt`)) return;
    if (record[listKey] !== undefined && !this.array(record[listKey], `${at}.${listKey}`, BLUESKY_THREADGATE_LIMITS.allow)) return;
    if (listKey === "allow" && record.hiddenReplies !== undefined) this.hiddenReplies(record.hiddenReplies, `${at}.hiddenReplies`);
  }

  /** The threadgate's hidden replies: at most 300, each an at-uri (the lexicon does not ask that they be posts of the thread). */
  hiddenReplies(value: unknown, path: string): void {
    if (!this.array(value, path, BLUESKY_THREADGATE_LIMITS.hiddenReplies)) return;
    value.every((uri, i) => (typeof uri === "string" && /^at:\/\/[^/\s]+(\/[^\s]*)?$/.test(uri) ? true : this.fail(`${path}[${i}] must be a valid at-uri`)));
  }
}

/** Checks one record written to `did`'s repository; null when the PDS would accept it. */
export async function checkFeedRecord(deps: SimulatorDeps, did: string, collection: string, record: Record<string, unknown>): Promise<Invalid | null> {
  if (record.$type !== collection) return { error: "InvalidRequest", message: `Invalid $type: expected ${collection}, got ${String(record.$type)}` };
  const check = new RecordCheck(collection);
  if (collection === BLUESKY_POST_COLLECTION) check.post(record);
  else if (collection === BLUESKY_THREADGATE_COLLECTION) check.gate(record, "allow");
  else if (collection === BLUESKY_POSTGATE_COLLECTION) check.gate(record, "embeddingRules");
  if (check.problem) return check.problem;
  for (const { blob } of check.blobs) {
    const link = isRecord(blob.ref) ? String(blob.ref.$link) : "";
    const stored = await deps.store.get<StoredBlob>(PLATFORM, "blob", `${did}/${link}`);
    // PDS 0.4.217 looks the blob up by CID and does not compare the declared type or size.
    if (!stored) return { error: "BlobNotFound", message: `Could not find blob: ${link}` };
  }
  return null;
}
