import { ApiError } from "../../../infra/errors.js";
import type { PublishMedia } from "../../../networks/publish-types.js";
import type { DomainContext } from "../../core/index.js";
import { probeMediaUrl } from "../media/import-media.js";
import { removeStaleProbes } from "../media/probe-files.js";
import type { MediaLoader } from "../posts/prepare-targets.js";
import type { BulkRow } from "./bulk-types.js";

/**
 * Each distinct URL of a dry run: the file's facts as an upload would read them, the refusal an
 * import would get, or `notFetched` for a URL past the dry run's cap.
 */
export type UrlProbe = { media: PublishMedia } | { error: ApiError } | { notFetched: true };
export type UrlProbes = ReadonlyMap<string, UrlProbe>;

/** URLs fetched at once: each holds a connection to someone's server and a temporary file. */
const PROBE_PARALLEL = 4;

/**
 * Distinct URLs one dry run fetches, in the order the rows first name them: 1,000 rows of four
 * URLs would otherwise have one request fetch 4,000 files (up to 512 MB each) from other people's
 * servers. The rest are left to the import, which fetches and checks every one.
 */
export const MAX_PROBED_URLS = 100;

/**
 * Fetches each distinct `mediaUrls` entry of the rows once, however many rows name it, up to
 * MAX_PROBED_URLS, and keeps its facts. A probed file stands in a row's media under its URL as id: a row's own
 * `media` takes only `med_` ids, so the two never meet.
 */
export async function probeRowUrls(ctx: DomainContext, rows: readonly BulkRow[]): Promise<UrlProbes> {
  const distinct = [...new Set(rows.flatMap((row) => row.input?.mediaUrls ?? []))];
  const urls = distinct.slice(0, MAX_PROBED_URLS);
  const probes = new Map<string, UrlProbe>(distinct.slice(MAX_PROBED_URLS).map((url) => [url, { notFetched: true }]));
  // Files an earlier dry run's crash left in the probes' folder go before this one adds its own.
  if (urls.length > 0) await removeStaleProbes(ctx.services.mediaStorage, ctx.clock.now());
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      if (url === undefined) continue;
      try {
        const facts = await probeMediaUrl(ctx, { url });
        const media: PublishMedia = {
          id: url,
          kind: facts.kind,
          mimeType: facts.mimeType,
          bytes: facts.bytes,
          width: facts.width,
          height: facts.height,
          durationSeconds: facts.durationSeconds,
          pages: facts.pages,
          alt: null,
          url,
          // Validation reads facts only; nothing of a dry run is ever sent to a network.
          read: () => Promise.reject(new Error("a dry run's probed file is not kept")),
        };
        probes.set(url, { media });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        probes.set(url, { error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROBE_PARALLEL, urls.length) }, worker));
  return probes;
}

/** The workspace's loader, with the probed files served under their URLs. */
export function dryRunLoader(loadMedia: MediaLoader, probes: UrlProbes): MediaLoader {
  return async (ids) => {
    const stored = ids.filter((id) => !probes.has(id));
    const loaded = stored.length > 0 ? await loadMedia(stored) : new Map<string, PublishMedia>();
    for (const id of ids) {
      const probe = probes.get(id);
      if (probe && "media" in probe) loaded.set(id, probe.media);
    }
    return loaded;
  };
}
