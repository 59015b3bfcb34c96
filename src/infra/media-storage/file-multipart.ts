import { randomUUID } from "node:crypto";
import { type FileHandle, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type MediaStorage, type MultipartStorage, exactLength } from "./types.js";

const READ_CHUNK = 1024 * 1024;
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

async function writeFully(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written);
    written += bytesWritten;
  }
}

/** The part files one after another, read a chunk at a time as the reader asks. */
function joinedParts(paths: string[]): ReadableStream<Uint8Array> {
  let index = 0;
  let handle: FileHandle | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const path = paths[index];
          if (path === undefined) {
            controller.close();
            return;
          }
          handle ??= await open(path, "r");
          const buffer = new Uint8Array(READ_CHUNK);
          const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, null);
          if (bytesRead > 0) {
            controller.enqueue(bytesRead === READ_CHUNK ? buffer : buffer.subarray(0, bytesRead));
            return;
          }
          await handle.close();
          handle = null;
          index += 1;
        }
      },
      cancel: async () => {
        await handle?.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Upload sessions on the local disk: each part is written under `<root>/.incoming/` and renamed
 * to `<root>/.parts/<upload>/<number>` only once it has exactly its announced length, so a
 * connection dropped mid-part leaves no part behind and the client sends it again. Completing
 * streams the parts in order through the storage's own `put` (one chunk in memory at a time).
 */
export function fileMultipart(root: string, put: MediaStorage["put"]): MultipartStorage {
  const dirOf = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`invalid upload id: ${JSON.stringify(uploadId)}`);
    return join(root, ".parts", uploadId);
  };
  const partPath = (uploadId: string, number: number) => join(dirOf(uploadId), String(number));

  return {
    async create(_key, meta) {
      const uploadId = randomUUID();
      await mkdir(dirOf(uploadId), { recursive: true });
      await writeFile(join(dirOf(uploadId), "meta.json"), JSON.stringify(meta));
      return { uploadId };
    },

    async put(_key, uploadId, number, body, length) {
      const target = partPath(uploadId, number);
      const incoming = join(root, ".incoming");
      await mkdir(incoming, { recursive: true });
      const temp = join(incoming, randomUUID());
      const handle = await open(temp, "wx");
      try {
        const reader = exactLength(body, length).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await writeFully(handle, value);
        }
        await handle.close();
        await rename(temp, target);
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
      return { number, etag: `${number}-${length}` };
    },

    async complete(key, uploadId, parts) {
      const meta = JSON.parse(await readFile(join(dirOf(uploadId), "meta.json"), "utf8")) as { contentType: string };
      const result = await put(key, joinedParts(parts.map((part) => partPath(uploadId, part.number))), meta);
      await rm(dirOf(uploadId), { recursive: true, force: true });
      return result;
    },

    async abort(_key, uploadId) {
      await rm(dirOf(uploadId), { recursive: true, force: true });
    },
  };
}
