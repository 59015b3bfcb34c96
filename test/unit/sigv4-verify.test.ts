import { describe, expect, it } from "vitest";
import { signS3Request } from "../../src/infra/media-storage/s3-presign.js";
import { verifySigV4 } from "../support/sigv4-verify.js";
import { awsExample } from "../support/sigv4-example.js";

/**
 * The stand-in's verifier against AWS's documented example signatures (S3 API reference,
 * "Signature Calculations for the Authorization Header" and "Authenticating Requests: Using Query
 * Parameters"), so that what the R2 stand-in refuses is what S3's rules refuse, not what Chorus's
 * own signer happens to make. Then Chorus's header signer against the same documented example.
 */
const secrets = new Map([[awsExample.accessKeyId, awsExample.secretAccessKey]]);
const at = (iso: string) => new Date(iso);
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const PRESIGNED =
  "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";
const listObjects = (signature: string, query = "max-keys=2&prefix=J") =>
  new Request(`https://examplebucket.s3.amazonaws.com/?${query}`, {
    headers: {
      authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=${signature}`,
      "x-amz-content-sha256": EMPTY,
      "x-amz-date": "20130524T000000Z",
    },
  });
const LIST_OBJECTS_SIGNATURE = "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7";

describe("SigV4 verification (the R2 stand-in's) against AWS's documented examples", () => {
  it("accepts AWS's presigned GET while it is valid, and refuses it expired, altered, or under an unknown key", async () => {
    expect(await verifySigV4(new Request(PRESIGNED), secrets, at("2013-05-24T10:00:00Z"))).toBeNull();
    expect(await verifySigV4(new Request(PRESIGNED), secrets, at("2013-05-25T00:00:01Z"))).toMatchObject({ status: 403, code: "AccessDenied", message: "Request has expired" });
    expect(await verifySigV4(new Request(PRESIGNED.replace("test.txt", "test2.txt")), secrets, at("2013-05-24T10:00:00Z"))).toMatchObject({ status: 403, code: "SignatureDoesNotMatch" });
    expect(await verifySigV4(new Request(PRESIGNED, { method: "PUT", body: "x" }), secrets, at("2013-05-24T10:00:00Z"))).toMatchObject({ code: "SignatureDoesNotMatch" });
    expect(await verifySigV4(new Request(PRESIGNED), new Map([["OTHER", "secret"]]), at("2013-05-24T10:00:00Z"))).toMatchObject({ status: 403, code: "InvalidAccessKeyId" });
  });

  it("accepts AWS's header-signed GET Bucket (list objects) and GET Object (with Range) examples, and refuses them changed", async () => {
    expect(await verifySigV4(listObjects(LIST_OBJECTS_SIGNATURE), secrets, at("2013-05-24T00:05:00Z"))).toBeNull();
    expect(await verifySigV4(listObjects(LIST_OBJECTS_SIGNATURE, "max-keys=3&prefix=J"), secrets, at("2013-05-24T00:05:00Z"))).toMatchObject({ code: "SignatureDoesNotMatch" });
    expect(await verifySigV4(listObjects(LIST_OBJECTS_SIGNATURE), secrets, at("2013-05-24T00:20:00Z"))).toMatchObject({ status: 403, code: "RequestTimeTooSkewed" });
    const getObject = (range: string) =>
      new Request("https://examplebucket.s3.amazonaws.com/test.txt", {
        headers: {
          authorization:
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
          range,
          "x-amz-content-sha256": EMPTY,
          "x-amz-date": "20130524T000000Z",
        },
      });
    expect(await verifySigV4(getObject("bytes=0-9"), secrets, at("2013-05-24T00:00:00Z"))).toBeNull();
    expect(await verifySigV4(getObject("bytes=0-10"), secrets, at("2013-05-24T00:00:00Z"))).toMatchObject({ code: "SignatureDoesNotMatch" });
    expect(await verifySigV4(new Request("https://examplebucket.s3.amazonaws.com/test.txt"), secrets, at("2013-05-24T00:00:00Z"))).toMatchObject({ status: 403, code: "AccessDenied" });
  });
});

describe("Chorus's header signer (ListParts calls)", () => {
  it("signs AWS's list-objects example to AWS's documented signature", async () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J");
    const headers = await signS3Request({ method: "GET", url, credentials: awsExample, now: at("2013-05-24T00:00:00Z") });
    expect(headers).toMatchObject({ "x-amz-date": "20130524T000000Z", "x-amz-content-sha256": EMPTY });
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${LIST_OBJECTS_SIGNATURE}`,
    );
  });
});
