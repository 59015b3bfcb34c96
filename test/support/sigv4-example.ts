import { presignS3Url } from "../../src/infra/media-storage/s3-presign.js";

/** AWS's documented example of a presigned URL (S3 API reference, "Authenticating Requests: Using Query Parameters"). */
export const awsExample = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };

/** The signature AWS documents for that example's GET of examplebucket/test.txt. */
export const AWS_EXAMPLE_SIGNATURE = "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";

/** The example's URL, presigned by Chorus: on Node and in workerd alike (each with its own WebCrypto). */
export function presignAwsExample(): Promise<URL> {
  return presignS3Url({
    method: "GET",
    url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
    credentials: awsExample,
    now: new Date("2013-05-24T00:00:00Z"),
    expiresSeconds: 86400,
  });
}
