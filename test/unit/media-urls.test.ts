import { describe, expect, it } from "vitest";
import { parseRange } from "../../src/domain/publishing/media/http-range.js";
import { signedMediaUrl, verifyMediaUrl } from "../../src/domain/publishing/media/signed-url.js";
import { cappedStream, peekHead } from "../../src/domain/publishing/media/upload-stream.js";
import { ApiError } from "../../src/infra/errors.js";
import { readAll } from "../../src/infra/media-storage/types.js";

const secret = "unit-test-signing-secret-0123456789abcdef";
const now = new Date("2026-11-21T12:00:00.000Z");

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).code;
}

describe("signed media URLs", () => {
  it("signs id and expiry; the URL verifies until it expires", async () => {
    const url = new URL(await signedMediaUrl("https://api.example.com/", secret, "med_abc", 600, now));
    expect(url.origin + url.pathname).toBe("https://api.example.com/media/med_abc");
    const exp = url.searchParams.get("exp") ?? "";
    const sig = url.searchParams.get("sig") ?? "";
    expect(Number(exp)).toBe(now.getTime() / 1000 + 600);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    await verifyMediaUrl(secret, "med_abc", exp, sig, new Date(now.getTime() + 599_000));
    expect(await codeOf(verifyMediaUrl(secret, "med_abc", exp, sig, new Date(now.getTime() + 600_000)))).toBe("media_url_expired");
  });

  it("refuses another id, a moved expiry, another secret, and malformed values, all as invalid", async () => {
    const url = new URL(await signedMediaUrl("https://api.example.com", secret, "med_abc", 600, now));
    const exp = url.searchParams.get("exp") ?? "";
    const sig = url.searchParams.get("sig") ?? "";
    expect(await codeOf(verifyMediaUrl(secret, "med_other", exp, sig, now))).toBe("media_url_invalid");
    expect(await codeOf(verifyMediaUrl(secret, "med_abc", String(Number(exp) + 3600), sig, now))).toBe("media_url_invalid");
    expect(await codeOf(verifyMediaUrl(`${secret}-rotated`, "med_abc", exp, sig, now))).toBe("media_url_invalid");
    // An expired timestamp with a forged signature is invalid, not expired: the expiry of an unsigned URL means nothing.
    expect(await codeOf(verifyMediaUrl(secret, "med_abc", "1", sig, now))).toBe("media_url_invalid");
    for (const [e, s] of [
      [undefined, sig],
      [exp, undefined],
      ["12x", sig],
      [exp, sig.toUpperCase()],
      [exp, sig.slice(2)],
    ] as const) {
      expect(await codeOf(verifyMediaUrl(secret, "med_abc", e, s, now))).toBe("media_url_invalid");
    }
  });
});

describe("Range header", () => {
  it.each([
    ["bytes=0-99", { offset: 0, length: 100 }],
    ["bytes=100-", { offset: 100, length: 900 }],
    ["bytes=990-5000", { offset: 990, length: 10 }],
    ["bytes=-200", { offset: 800, length: 200 }],
    ["bytes=-5000", { offset: 0, length: 1000 }],
  ] as const)("%s of 1000 bytes", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it("serves the whole file for no, several, other-unit or backwards ranges; 416 past the end", () => {
    for (const header of [undefined, "", "bytes=0-1,5-9", "items=0-1", "bytes=-", "bytes=9-3", "bytes=abc"]) expect(parseRange(header, 1000)).toBeNull();
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});

describe("upload stream", () => {
  const chunks = (...sizes: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        let value = 0;
        for (const size of sizes) controller.enqueue(Uint8Array.from({ length: size }, () => value++ % 256));
        controller.close();
      },
    });

  it("peeks at the head across chunks and still gives the whole body", async () => {
    const { head, body } = await peekHead(chunks(3, 3, 3, 3), 5);
    expect([...head]).toEqual([0, 1, 2, 3, 4]);
    expect([...(await readAll(body))]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const short = await peekHead(chunks(2), 5);
    expect([...short.head]).toEqual([0, 1]);
    expect([...(await readAll(short.body))]).toEqual([0, 1]);
  });

  it("errors with the caller's error once the total passes the cap, and not at the cap", async () => {
    const tooLarge = new Error("too large");
    expect((await readAll(cappedStream(chunks(4, 4, 2), 10, () => tooLarge))).byteLength).toBe(10);
    await expect(readAll(cappedStream(chunks(4, 4, 3), 10, () => tooLarge))).rejects.toBe(tooLarge);
  });
});
