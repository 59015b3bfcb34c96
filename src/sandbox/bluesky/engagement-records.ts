import { BLUESKY_ENGAGEMENT_COLLECTIONS } from "../../networks/bluesky/capabilities.js";
import { isRecord } from "../../types/is-record.js";

/**
 * The lexicon checks the PDS makes on engagement records: a like or repost names its post by a
 * strong reference (`subject: { uri, cid }`), a follow or block names a DID; all need `createdAt`.
 * Messages follow @atproto/lexicon's wording ("Record/subject must have the property ...").
 */
const invalid = (message: string) => ({ error: "InvalidRequest", message });

export function checkEngagementRecord(collection: string, record: Record<string, unknown>): { error: string; message: string } | null {
  const postSubject = collection === BLUESKY_ENGAGEMENT_COLLECTIONS.like || collection === BLUESKY_ENGAGEMENT_COLLECTIONS.repost;
  const didSubject = collection === BLUESKY_ENGAGEMENT_COLLECTIONS.follow || collection === BLUESKY_ENGAGEMENT_COLLECTIONS.block;
  if (!postSubject && !didSubject) return null;
  const prefix = `Invalid ${collection} record: `;
  if (!("subject" in record)) return invalid(`${prefix}Record must have the property "subject"`);
  if (typeof record.createdAt !== "string") return invalid(`${prefix}Record must have the property "createdAt"`);
  if (Number.isNaN(Date.parse(record.createdAt))) return invalid(`${prefix}Record/createdAt must be an valid atproto datetime (both RFC-3339 and ISO-8601)`);
  if (postSubject) {
    if (!isRecord(record.subject)) return invalid(`${prefix}Record/subject must be an object`);
    if (typeof record.subject.uri !== "string") return invalid(`${prefix}Record/subject must have the property "uri"`);
    if (!/^at:\/\/[^/]+\/[^/]+\/[^/]+$/.test(record.subject.uri)) return invalid(`${prefix}Record/subject/uri must be a valid at-uri`);
    if (typeof record.subject.cid !== "string") return invalid(`${prefix}Record/subject must have the property "cid"`);
    return null;
  }
  if (typeof record.subject !== "string" || !/^did:[a-z]+:[a-zA-Z0-9._:%-]+$/.test(record.subject)) return invalid(`${prefix}Record/subject must be a valid did`);
  return null;
}
