import { randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { type FileHandle, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileMultipart } from "./file-multipart.js";
import { type MediaStorage, assertStorageKey } from "./types.js";

const READ_CHUNK = 256 * 1024;

async function writeFully(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written);
    written += bytesWritten;
  }
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === "ENOENT";

/**
 * A file in `.incoming/` untouched this long belongs to no write in progress (each chunk
 * written touches it, and a download or part gives up within minutes): a crash mid-write left it.
 */
const ABANDONED_INCOMING_MS = 24 * 60 * 60_000;

/** Removes what crashed writes left in `.incoming/`; run once per start, before the first write. */
async function removeAbandonedIncoming(incoming: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(incoming);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  const before = Date.now() - ABANDONED_INCOMING_MS;
  for (const name of names) {
    const path = join(incoming, name);
    const modified = await stat(path).then(
      (s) => s.mtimeMs,
      () => Number.POSITIVE_INFINITY,
    );
    if (modified < before) await rm(path, { force: true, recursive: true });
  }
}

/**
 * Media files on the local disk (the Node server): `<root>/<key>` holds the bytes and
 * `<root>/<key>.meta.json` the type. An upload is written under `<root>/.incoming/` and renamed
 * into place only once complete, so a refused or interrupted upload never appears under its key
 * and a reader never sees half a file; what a crash mid-write leaves there is removed after a day,
 * at the first write after a start.
 */
export function createFileMediaStorage(root: string): MediaStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split("/"));
  };

  const incoming = join(root, ".incoming");
  let cleared: Promise<void> | null = null;
  const storage: Omit<MediaStorage, "multipart"> = {
    async put(key, body, meta) {
      const target = pathOf(key);
      // Housekeeping only: a cleanup that fails (a file locked, a permission) must not refuse the write.
      cleared ??= removeAbandonedIncoming(incoming).catch(() => {});
      await cleared;
      await mkdir(incoming, { recursive: true });
      const temp = join(incoming, randomUUID());
      const handle = await open(temp, "wx");
      let size = 0;
      try {
        if (body instanceof Uint8Array) {
          await writeFully(handle, body);
          size = body.byteLength;
        } else {
          // Chunk by chunk with each write awaited: memory stays at one chunk whatever the file size.
          const reader = body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            await writeFully(handle, value);
            size += value.byteLength;
          }
        }
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      // The type first, then the bytes: a file is readable under its key only once both are there.
      await mkdir(dirname(target), { recursive: true });
      const metaTemp = `${temp}.json`;
      await writeFile(metaTemp, JSON.stringify(meta));
      await rename(metaTemp, `${target}.meta.json`);
      await rename(temp, target);
      return { size };
    },

    async get(key, range) {
      const path = pathOf(key);
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = "application/octet-stream";
      try {
        const meta = JSON.parse(await readFile(`${path}.meta.json`, "utf8")) as { contentType?: unknown };
        if (typeof meta.contentType === "string") contentType = meta.contentType;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      const end = range ? Math.min(size, range.offset + range.length) : size;
      let position = range ? Math.min(range.offset, size) : 0;
      // Opened on the first read and closed at the end or on cancel: a response whose body is
      // never read (a HEAD, a client gone before the first byte) holds no file descriptor.
      let handle: FileHandle | null = null;
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle?.close();
      };
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            try {
              handle ??= await open(path, "r");
              if (position >= end) {
                await close();
                controller.close();
                return;
              }
              const buffer = new Uint8Array(Math.min(READ_CHUNK, end - position));
              const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, position);
              if (bytesRead === 0) {
                // The file shrank under us (deleted and replaced): end the stream rather than spin.
                await close();
                controller.close();
                return;
              }
              position += bytesRead;
              controller.enqueue(bytesRead === buffer.byteLength ? buffer : buffer.subarray(0, bytesRead));
            } catch (error) {
              await close().catch(() => {});
              controller.error(error);
            }
          },
          cancel: close,
        },
        // Pull only when the reader asks, so nothing is opened or read ahead of a consumer.
        { highWaterMark: 0 },
      );
      return { body, size, contentType };
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },

    async list(folder) {
      let entries: Dirent[];
      try {
        entries = await readdir(pathOf(folder), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries.filter((e) => e.isFile() && !e.name.endsWith(".meta.json")).map((e) => `${folder}/${e.name}`);
    },
  };
  return { ...storage, multipart: fileMultipart(root, storage.put) };
}
