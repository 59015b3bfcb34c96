import type { PlatformId } from "../../types/platform-ids.js";
import type { SandboxStore, SimulatorDeps } from "../types.js";

/**
 * The files Meta's servers fetch when a post names media by URL (`url`, `file_url`,
 * `image_url`, `video_url`) or a link to preview. A simulator cannot download anything, so it asks this registry what
 * a URL serves: a test (or a sandbox seed) registers a URL with `serveRemoteFile`; a URL nobody
 * registered serves an ordinary file of the kind asked for (a square JPEG, a vertical 30 s MP4),
 * so everyday sandbox publishing just works. A URL registered with `null` cannot be fetched.
 */
export interface SandboxRemoteFile {
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

interface RemoteFileRecord {
  file: SandboxRemoteFile | null;
}

export type RemoteFetch = { ok: true; file: SandboxRemoteFile } | { ok: false; reason: "invalid_url" | "unreachable" };

type RemoteKind = "image" | "video" | "page";

const ordinary: Record<RemoteKind, SandboxRemoteFile> = {
  image: { mimeType: "image/jpeg", bytes: 420_000, width: 1080, height: 1080, durationSeconds: null },
  video: { mimeType: "video/mp4", bytes: 12_000_000, width: 1080, height: 1920, durationSeconds: 30 },
  /** A web page, as a link preview scrapes it. */
  page: { mimeType: "text/html", bytes: 60_000, width: null, height: null, durationSeconds: null },
};

/** Registers what `url` serves to `platform`'s simulator (`null`: the URL cannot be fetched). */
export async function serveRemoteFile(store: SandboxStore, platform: PlatformId, url: string, file: SandboxRemoteFile | null): Promise<void> {
  await store.put<RemoteFileRecord>(platform, "remote_file", url, { file });
}

/** Fetches `url` the way the network would before it accepts or processes the media. */
export async function fetchRemoteFile(deps: SimulatorDeps, platform: PlatformId, url: string | null | undefined, kind: RemoteKind): Promise<RemoteFetch> {
  if (!url) return { ok: false, reason: "invalid_url" };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return { ok: false, reason: "invalid_url" };
  const record = await deps.store.get<RemoteFileRecord>(platform, "remote_file", url);
  if (!record) return { ok: true, file: ordinary[kind] };
  return record.data.file ? { ok: true, file: record.data.file } : { ok: false, reason: "unreachable" };
}

/** Width over height, or null when the file has no pixel size. */
export function aspectRatioOf(file: SandboxRemoteFile): number | null {
  return file.width && file.height ? file.width / file.height : null;
}
