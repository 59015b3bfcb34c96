import { type S3Credentials, signS3Request } from "./s3-presign.js";
import { type ListedStoragePart, StorageApiError } from "./types.js";

/** S3's page ceiling for ListParts (and its default). */
export const LIST_PARTS_PAGE = 1000;

const ENTITIES: Record<string, string> = { quot: '"', amp: "&", apos: "'", lt: "<", gt: ">" };

/** XML text with its five named entities and numeric references decoded (S3 writes an ETag's quotes as `&quot;`). */
const xmlText = (raw: string) =>
  raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });

/** The text of the first `<name>` element in `xml`, or null. The answers read here have no attributes or CDATA on these elements. */
const element = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match?.[1] === undefined ? null : xmlText(match[1]);
};

export interface ListPartsPage {
  parts: ListedStoragePart[];
  truncated: boolean;
  nextMarker: number;
}

/** One ListPartsResult (S3 API reference, ListParts "Response Syntax"); anything else is `unavailable`. */
export function parseListParts(xml: string): ListPartsPage {
  if (!/<ListPartsResult[\s>]/.test(xml)) throw new StorageApiError("unavailable", "NotListPartsResult", "the answer to ListParts is not a ListPartsResult");
  const parts: ListedStoragePart[] = [];
  for (const match of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const body = match[1] ?? "";
    const number = Number(element(body, "PartNumber"));
    const etag = element(body, "ETag");
    const bytes = Number(element(body, "Size"));
    if (!Number.isSafeInteger(number) || number < 1 || etag === null || !Number.isSafeInteger(bytes) || bytes < 0) {
      throw new StorageApiError("unavailable", "MalformedPart", "a part in the ListParts answer lacks its number, ETag or size");
    }
    parts.push({ number, etag: etag.replace(/^"(.*)"$/, "$1"), bytes });
  }
  const truncated = element(xml, "IsTruncated") === "true";
  const nextMarker = Number(element(xml, "NextPartNumberMarker") ?? parts.at(-1)?.number ?? 0);
  return { parts, truncated, nextMarker };
}

/** S3's `<Error>` answer as the kind of refusal it is. */
function refusal(status: number, body: string): StorageApiError {
  const code = element(body, "Code") ?? String(status);
  const message = element(body, "Message") ?? `HTTP ${status}`;
  if (code === "NoSuchUpload") return new StorageApiError("no_such_upload", code, message);
  if (status === 401 || status === 403) return new StorageApiError("denied", code, message);
  return new StorageApiError("unavailable", code, message);
}

export interface ListPartsInput {
  fetch: typeof fetch;
  credentials: S3Credentials;
  /** The ListParts URL of one page, for the parts numbered above `marker`. */
  pageUrl(marker: number, maxParts: number): URL;
  now: Date;
  pageSize?: number;
}

/**
 * Every part of a multipart upload, by S3's ListParts (SigV4-signed GET), page after page: R2
 * answers at most 1,000 parts a call, and a 5 GB session has 640 of 8 MiB.
 */
export async function listS3Parts({ fetch, credentials, pageUrl, now, pageSize = LIST_PARTS_PAGE }: ListPartsInput): Promise<ListedStoragePart[]> {
  const all: ListedStoragePart[] = [];
  let marker = 0;
  for (;;) {
    const url = pageUrl(marker, pageSize);
    let response: Response;
    try {
      response = await fetch(url, { method: "GET", headers: await signS3Request({ method: "GET", url, credentials, now }) });
    } catch (error) {
      throw new StorageApiError("unavailable", "FetchFailed", error instanceof Error ? error.message : String(error));
    }
    const body = await response.text();
    if (!response.ok) throw refusal(response.status, body);
    const page = parseListParts(body);
    all.push(...page.parts);
    // A truncated page that does not move the marker forward would loop for ever.
    if (!page.truncated || page.nextMarker <= marker) return all;
    marker = page.nextMarker;
  }
}
