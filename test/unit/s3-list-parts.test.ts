import { describe, expect, it } from "vitest";
import { listS3Parts, parseListParts } from "../../src/infra/media-storage/s3-list-parts.js";
import { StorageApiError } from "../../src/infra/media-storage/types.js";

/** The ListParts answer as S3's API reference shows it (ETags quoted; S3 itself often writes the quotes as `&quot;`). */
const answer = (etag: (n: number) => string, truncated = false) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Bucket>example-bucket</Bucket><Key>example-object</Key><UploadId>XXBsb2FkIElEIGZvciBlbHZpbmcncyVcdS1tb3ZpZS5tMnRzEEEwbG9hZA</UploadId>
  <PartNumberMarker>1</PartNumberMarker><NextPartNumberMarker>3</NextPartNumberMarker><MaxParts>2</MaxParts><IsTruncated>${truncated}</IsTruncated>
  <Part><PartNumber>2</PartNumber><LastModified>2010-11-10T20:48:34.000Z</LastModified><ETag>${etag(2)}</ETag><Size>10485760</Size></Part>
  <Part><PartNumber>3</PartNumber><LastModified>2010-11-10T20:48:33.000Z</LastModified><ETag>${etag(3)}</ETag><Size>10485760</Size></Part>
</ListPartsResult>`;

describe("S3 ListParts answers", () => {
  it("reads the parts of S3's documented shape, quotes written plainly or as &quot;", () => {
    for (const etag of [(n: number) => `"7778aef83f66abc1fa1e8477f296d39${n}"`, (n: number) => `&quot;7778aef83f66abc1fa1e8477f296d39${n}&quot;`]) {
      expect(parseListParts(answer(etag))).toEqual({
        parts: [
          { number: 2, etag: "7778aef83f66abc1fa1e8477f296d392", bytes: 10485760 },
          { number: 3, etag: "7778aef83f66abc1fa1e8477f296d393", bytes: 10485760 },
        ],
        truncated: false,
        nextMarker: 3,
      });
    }
  });

  it("takes anything but a ListPartsResult, or a part without its number, ETag or size, as storage not answering", () => {
    expect(() => parseListParts("<html>gateway timeout</html>")).toThrow(StorageApiError);
    expect(() => parseListParts("<ListPartsResult><Part><PartNumber>1</PartNumber><Size>5</Size></Part></ListPartsResult>")).toThrow(/lacks its number, ETag or size/);
  });

  it("maps S3's refusals: NoSuchUpload, a refused signature, a 5xx, no answer", async () => {
    const pageUrl = () => new URL("https://acc.r2.cloudflarestorage.com/b/k?uploadId=u");
    const credentials = { accessKeyId: "k", secretAccessKey: "s", region: "auto" };
    const answering = (status: number, code: string) => (async () => new Response(`<Error><Code>${code}</Code><Message>m</Message></Error>`, { status })) as typeof fetch;
    const kind = (fetch: typeof globalThis.fetch) =>
      listS3Parts({ fetch, credentials, pageUrl, now: new Date() }).then(
        () => "listed",
        (error: unknown) => (error instanceof StorageApiError ? `${error.kind} ${error.s3Code}` : String(error)),
      );
    expect(await kind(answering(404, "NoSuchUpload"))).toBe("no_such_upload NoSuchUpload");
    expect(await kind(answering(403, "SignatureDoesNotMatch"))).toBe("denied SignatureDoesNotMatch");
    expect(await kind(answering(503, "SlowDown"))).toBe("unavailable SlowDown");
    expect(await kind((async () => Promise.reject(new TypeError("connection reset"))) as typeof fetch)).toBe("unavailable FetchFailed");
  });
});
