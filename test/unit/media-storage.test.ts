import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileMediaStorage } from "../../src/infra/media-storage/file-storage.js";
import { type R2BucketBinding, createR2MediaStorage } from "../../src/infra/media-storage/r2-storage.js";
import { type MediaStorage, readAll } from "../../src/infra/media-storage/types.js";

const MiB = 1024 * 1024;

/** Bytes 0,1,2,…,255,0,1,… so any range can be checked by value. */
const pattern = (size: number) => Uint8Array.from({ length: size }, (_, i) => i % 256);

/** A stream of `bytes` in chunks of `chunk`, that errors with `failWith` after `failAfter` chunks. */
function streamOf(bytes: Uint8Array, chunk: number, fail?: { after: number; error: Error }): ReadableStream<Uint8Array> {
  let at = 0;
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (fail && sent === fail.after) return controller.error(fail.error);
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
      sent += 1;
    },
  });
}

/** The same contract, run against each implementation. */
function storageContract(name: string, make: () => MediaStorage, options: { bigSize: number; listKeys: () => Promise<string[]> }) {
  describe(name, () => {
    it("stores bytes and a stream, serves the whole file or a range with the whole size, and deletes", async () => {
      const storage = make();
      await storage.put("ws_1/med_small", Uint8Array.from([1, 2, 3]), { contentType: "image/png" });
      const small = await storage.get("ws_1/med_small");
      expect(small && { size: small.size, contentType: small.contentType, bytes: [...(await readAll(small.body))] }).toEqual({ size: 3, contentType: "image/png", bytes: [1, 2, 3] });

      const big = pattern(options.bigSize);
      expect(await storage.put("ws_1/med_big", streamOf(big, 64 * 1024 + 7), { contentType: "video/mp4" })).toEqual({ size: big.byteLength });
      const whole = await storage.get("ws_1/med_big");
      expect(whole?.size).toBe(big.byteLength);
      expect(Buffer.from(await readAll(whole?.body ?? new ReadableStream())).equals(Buffer.from(big))).toBe(true);
      const range = await storage.get("ws_1/med_big", { offset: 5 * MiB + 3, length: 10 });
      expect(range?.size).toBe(big.byteLength);
      expect([...(await readAll(range?.body ?? new ReadableStream()))]).toEqual([...big.subarray(5 * MiB + 3, 5 * MiB + 13)]);

      await storage.delete("ws_1/med_big");
      expect(await storage.get("ws_1/med_big")).toBeNull();
      await storage.delete("ws_1/med_never");
    });

    it("keeps nothing when the stream fails part way, and rejects with the stream's own error", async () => {
      const storage = make();
      const before = await options.listKeys();
      const tooLarge = new Error("over the cap");
      await expect(
        storage.put("ws_1/med_cut", streamOf(pattern(options.bigSize), 1 * MiB, { after: Math.floor(options.bigSize / MiB) - 1, error: tooLarge }), { contentType: "video/mp4" }),
      ).rejects.toBe(tooLarge);
      expect(await storage.get("ws_1/med_cut")).toBeNull();
      expect(await options.listKeys()).toEqual(before);
    });

    it("lists the files directly in a folder: not their types, not a sub-folder's, none for a missing folder", async () => {
      const storage = make();
      await storage.put("listed/a-1", Uint8Array.from([1]), { contentType: "image/png" });
      await storage.put("listed/b-2", streamOf(pattern(10), 3), { contentType: "image/png" });
      await storage.put("listed/deeper/c-3", Uint8Array.from([3]), { contentType: "image/png" });
      await storage.put("listedelsewhere/d-4", Uint8Array.from([4]), { contentType: "image/png" });
      expect((await storage.list("listed")).sort()).toEqual(["listed/a-1", "listed/b-2"]);
      await storage.delete("listed/a-1");
      expect(await storage.list("listed")).toEqual(["listed/b-2"]);
      expect(await storage.list("never-made")).toEqual([]);
      await expect(storage.list("../escape")).rejects.toThrow(/invalid media storage key/);
    });

    it("refuses keys that are not plain segments", async () => {
      const storage = make();
      await expect(storage.put("../escape", Uint8Array.from([1]), { contentType: "image/png" })).rejects.toThrow(/invalid media storage key/);
      await expect(storage.get("/etc/passwd")).rejects.toThrow(/invalid media storage key/);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "chorus-media-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const filesUnder = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();

storageContract("files under a directory (Node)", () => createFileMediaStorage(dir), { bigSize: 6 * MiB, listKeys: async () => filesUnder(dir) });

describe("files under a directory (Node): a crash's leftovers", () => {
  it("removes files a crashed write left in .incoming/ a day ago at the first write after a start, and keeps recent ones", async () => {
    const root = mkdtempSync(join(tmpdir(), "chorus-media-incoming-"));
    try {
      const incoming = join(root, ".incoming");
      mkdirSync(incoming);
      writeFileSync(join(incoming, "crashed"), "half a download");
      const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60_000 - 60_000);
      utimesSync(join(incoming, "crashed"), dayAndMinuteAgo, dayAndMinuteAgo);
      writeFileSync(join(incoming, "writing"), "a write in progress");
      const storage = createFileMediaStorage(root);
      expect(readdirSync(incoming).sort()).toEqual(["crashed", "writing"]);
      await storage.put("ws_1/med_after", Uint8Array.from([1]), { contentType: "image/png" });
      expect(readdirSync(incoming)).toEqual(["writing"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// R2 as workerd's own simulator implements it (Miniflare), with 5 MiB parts so a 12 MiB stream
// is a three-part multipart upload: R2 refuses parts of unequal size, which this would catch.
let mf: Miniflare;
let bucket: R2BucketBinding;
beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: "export default { fetch: () => new Response('') }", r2Buckets: ["MEDIA"] });
  bucket = (await mf.getR2Bucket("MEDIA")) as unknown as R2BucketBinding;
}, 60_000);
afterAll(() => mf?.dispose());

storageContract("an R2 bucket (Workers), in parts", () => createR2MediaStorage(bucket, { partBytes: 5 * MiB }), {
  bigSize: 12 * MiB,
  listKeys: async () => (await (bucket as unknown as { list(): Promise<{ objects: { key: string }[] }> }).list()).objects.map((o) => o.key).sort(),
});
