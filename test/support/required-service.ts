/**
 * Suites that need something from the machine (PostgreSQL, Redis, Chromium, workerd, the local
 * Bluesky PDS) ask here whether to skip. Locally a missing service skips the suite and says why, so a
 * contributor without Redis can still run the rest. Under CI=true a missing service fails the file
 * instead, naming what was missing: a CI run with PostgreSQL down must not be green.
 *
 * A CI pass that cannot have a service by design names it in CHORUS_CI_MAY_SKIP (comma-separated
 * keys below). .ci/run sets `pds` on its Node-LTS pass only: the PDS's better-sqlite3 is a native
 * module built for the Node that ran `npm ci` in fixtures/local-pds.
 */
export const services = {
  postgres: "PostgreSQL",
  redis: "Redis",
  chromium: "Chromium",
  workerd: "workerd",
  pds: "the local Bluesky PDS",
} as const;

export type ServiceKey = keyof typeof services;

/** `{ ok, reason }` from the probes in postgres.ts and pds.ts, or a reason string (null when present). */
export type Probe = { ok: boolean; reason?: string } | string | null;

const missingReason = (probe: Probe): string | null => {
  if (probe === null || typeof probe === "string") return probe;
  return probe.ok ? null : (probe.reason ?? "unavailable");
};

/** Services this CI pass may lack by design (CHORUS_CI_MAY_SKIP). */
export const ciMaySkip = (): string[] =>
  (process.env.CHORUS_CI_MAY_SKIP ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);

/**
 * True when `suite` must skip because `service` is missing; throws under CI=true (unless this pass
 * may lack it), so the file fails with the service named.
 */
export function skipWithout(service: ServiceKey, probe: Probe, suite: string): boolean {
  const reason = missingReason(probe);
  if (reason === null) return false;
  if (process.env.CI === "true" && !ciMaySkip().includes(service)) {
    throw new Error(`${services[service]} is missing, and under CI=true a missing service fails the run: "${suite}" cannot run. ${reason}`);
  }
  console.warn(`[skipped] ${suite}: ${services[service]} is missing: ${reason}`);
  return true;
}
