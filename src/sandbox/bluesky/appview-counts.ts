import type { StoredRecord } from "./repo.js";
import { isRecord } from "../../types/is-record.js";

/**
 * The AppView's counts of a post (likes, reposts, replies, quotes), as appview.ts shows them in
 * post views: each is the number of records in the simulated world that point at the post, as
 * the AppView counts what it indexed, so nothing is made up.
 */

export interface WorldRecord {
  did: string;
  collection: string;
  rkey: string;
  record: StoredRecord;
}

const subjectUri = (value: Record<string, unknown>) => (isRecord(value.subject) && typeof value.subject.uri === "string" ? value.subject.uri : null);
const quotedUri = (value: Record<string, unknown>) => {
  const embed = isRecord(value.embed) ? value.embed : null;
  const record = embed && isRecord(embed.record) ? (isRecord(embed.record.record) ? embed.record.record : embed.record) : null;
  return record && typeof record.uri === "string" ? record.uri : null;
};
const parentUri = (value: Record<string, unknown>) => (isRecord(value.reply) && isRecord(value.reply.parent) && typeof value.reply.parent.uri === "string" ? value.reply.parent.uri : null);

export function countsOf(records: WorldRecord[], uri: string) {
  const count = (collection: string, points: (value: Record<string, unknown>) => string | null) => records.filter((r) => r.collection === collection && points(r.record.value) === uri).length;
  return {
    replyCount: count("app.bsky.feed.post", parentUri),
    repostCount: count("app.bsky.feed.repost", subjectUri),
    likeCount: count("app.bsky.feed.like", subjectUri),
    quoteCount: count("app.bsky.feed.post", quotedUri),
    // Bookmarks are kept per bookmarker (appview.ts); the simulated AppView does not total them.
    bookmarkCount: 0,
  };
}
