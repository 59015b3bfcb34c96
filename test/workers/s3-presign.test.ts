/**
 * SigV4 presigning inside workerd (its WebCrypto, not Node's): AWS's documented example gives its
 * documented signature, and an R2 part URL is well formed. Upload sessions hand these URLs out
 * when the Worker has R2 S3 credentials (media-uploads-presigned.test.ts).
 */
import { describe, expect, it } from "vitest";
import { presignS3Url, r2PartUrl } from "../../src/infra/media-storage/s3-presign.js";
import { AWS_EXAMPLE_SIGNATURE, awsExample, presignAwsExample } from "../support/sigv4-example.js";

describe("SigV4 presigning on workerd", () => {
  it("signs AWS's documented example to its documented signature", async () => {
    const url = await presignAwsExample();
    expect(url.searchParams.get("X-Amz-Signature")).toBe(AWS_EXAMPLE_SIGNATURE);
  });

  it("makes a well-formed R2 part URL", async () => {
    const url = await presignS3Url({
      method: "PUT",
      url: r2PartUrl("acc", "chorus-media", "ws_1/med_1", "up1", 2),
      credentials: { ...awsExample, region: "auto" },
      now: new Date("2026-12-07T00:00:00Z"),
      expiresSeconds: 900,
    });
    expect(`${url.origin}${url.pathname}`).toBe("https://acc.r2.cloudflarestorage.com/chorus-media/ws_1/med_1");
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIAIOSFODNN7EXAMPLE/20261207/auto/s3/aws4_request");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});
