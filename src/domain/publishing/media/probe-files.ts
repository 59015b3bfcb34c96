import { randomString } from "../../../infra/ids.js";
import type { MediaStorage } from "../../../infra/media-storage/types.js";
import type { JobRuntime } from "../../core/index.js";

/**
 * A bulk dry run's probes live in this folder and nowhere else: nothing of a workspace is ever
 * stored in it, so a sweep may remove what it finds there without reading the database.
 */
export const PROBE_FOLDER = "probes";

/**
 * Longest a probe's file can be needed: the URL fetch's whole-exchange timeout (5 minutes)
 * with room to read the stored file's facts back. Older, its dry run is over: a probe removes
 * its file when it ends, so an older file is one a crash left.
 */
export const PROBE_LIFETIME_MS = 15 * 60_000;

/** A new probe's key: the time it was made, so a sweep can tell a crash's leftover from a probe in flight. */
export const probeKey = (now: Date): string => `${PROBE_FOLDER}/${now.getTime()}-${randomString(16)}`;

/**
 * Removes the probe files a crash left (made more than PROBE_LIFETIME_MS ago, or not named as a
 * probe names them); run before each dry run's probes and by the hourly sweep, so a leftover
 * outlives its crash by an hour at most. Probes in flight are younger and kept.
 */
export async function removeStaleProbes(storage: MediaStorage, now: Date): Promise<number> {
  const keys = await storage.list(PROBE_FOLDER);
  const stale = keys.filter((key) => {
    const madeAt = Number(/^probes\/(\d+)-[A-Za-z0-9]+$/.exec(key)?.[1] ?? Number.NaN);
    return !(madeAt > now.getTime() - PROBE_LIFETIME_MS);
  });
  for (const key of stale) await storage.delete(key);
  return stale.length;
}

/** The hourly sweep's entry. */
export const sweepStaleProbes = (runtime: JobRuntime): Promise<number> => removeStaleProbes(runtime.services.mediaStorage, runtime.clock.now());
