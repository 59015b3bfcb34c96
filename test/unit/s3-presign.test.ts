import { describe, expect, it } from "vitest";
import { presignS3Url, r2PartUrl } from "../../src/infra/media-storage/s3-presign.js";
import { AWS_EXAMPLE_SIGNATURE, awsExample, presignAwsExample } from "../support/sigv4-example.js";

describe("SigV4 query presigning (s3-presign.ts)", () => {
  it("gives the signature of AWS's documented example", async () => {
    const url = await presignAwsExample();
    expect(url.searchParams.get("X-Amz-Signature")).toBe(AWS_EXAMPLE_SIGNATURE);
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request");
  });

  it("presigns an R2 part PUT: account endpoint, path-style bucket, partNumber and uploadId kept and signed", async () => {
    const part = r2PartUrl("0123456789abcdef", "chorus-media", "ws_1/med abc.mp4", "upload+id/1", 3);
    const url = await presignS3Url({ method: "PUT", url: part, credentials: { ...awsExample, region: "auto" }, now: new Date("2026-12-07T01:00:00Z"), expiresSeconds: 3600 });
    expect(url.host).toBe("0123456789abcdef.r2.cloudflarestorage.com");
    expect(url.pathname).toBe("/chorus-media/ws_1/med%20abc.mp4");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ partNumber: "3", uploadId: "upload+id/1", "X-Amz-Expires": "3600", "X-Amz-SignedHeaders": "host" });
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const other = await presignS3Url({
      method: "PUT",
      url: r2PartUrl("0123456789abcdef", "chorus-media", "ws_1/med abc.mp4", "upload+id/1", 4),
      credentials: { ...awsExample, region: "auto" },
      now: new Date("2026-12-07T01:00:00Z"),
      expiresSeconds: 3600,
    });
    expect(other.searchParams.get("X-Amz-Signature")).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });
});
