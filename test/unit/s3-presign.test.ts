import { describe, expect, it } from "vitest";
import { presignS3Url, r2PartUrl } from "../../src/infra/media-storage/s3-presign.js";

/** AWS's documented example of a presigned URL (S3 API reference, "Authenticating Requests: Using Query Parameters"). */
const example = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };

describe("SigV4 query presigning (s3-presign.ts)", () => {
  it("gives the signature of AWS's documented example", async () => {
    const url = await presignS3Url({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      credentials: example,
      now: new Date("2013-05-24T00:00:00Z"),
      expiresSeconds: 86400,
    });
    expect(url.searchParams.get("X-Amz-Signature")).toBe("aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request");
  });

  it("presigns an R2 part PUT: account endpoint, path-style bucket, partNumber and uploadId kept and signed", async () => {
    const part = r2PartUrl("0123456789abcdef", "chorus-media", "ws_1/med abc.mp4", "upload+id/1", 3);
    const url = await presignS3Url({ method: "PUT", url: part, credentials: { ...example, region: "auto" }, now: new Date("2026-12-07T01:00:00Z"), expiresSeconds: 3600 });
    expect(url.host).toBe("0123456789abcdef.r2.cloudflarestorage.com");
    expect(url.pathname).toBe("/chorus-media/ws_1/med%20abc.mp4");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ partNumber: "3", uploadId: "upload+id/1", "X-Amz-Expires": "3600", "X-Amz-SignedHeaders": "host" });
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const other = await presignS3Url({
      method: "PUT",
      url: r2PartUrl("0123456789abcdef", "chorus-media", "ws_1/med abc.mp4", "upload+id/1", 4),
      credentials: { ...example, region: "auto" },
      now: new Date("2026-12-07T01:00:00Z"),
      expiresSeconds: 3600,
    });
    expect(other.searchParams.get("X-Amz-Signature")).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });
});
