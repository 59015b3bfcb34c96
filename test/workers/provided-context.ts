/**
 * What test/workers/global-setup.ts (Node) hands to vitest.config.ts (the miniflare bindings)
 * and to the tests running inside workerd. Types only: this file is imported by Node code and by
 * workerd code alike, so it must not import anything with runtime types of either side.
 */
import type {} from "vitest";

export interface WorkersProvided {
  /** Empty when the services are up; otherwise why the workerd suite is skipped. */
  skipReason: string;
  /** Throwaway database (migrated) on the machine's real Postgres; "" when skipped. */
  databaseUrl: string;
  /** `127.0.0.1:<port>/v1`, string form for neonConfig.wsProxy; "" when skipped. */
  wsProxy: string;
  /** Upstash REST shim over the real Redis; "" when skipped. */
  upstashUrl: string;
  upstashToken: string;
  /** The workspace created in the throwaway database and its test-mode key. */
  workspaceId: string;
  apiKey: string;
  /** A test-mode key of a second workspace, to check that the first one's ids are refused to it. */
  otherApiKey: string;
  /**
   * QStash stand-in (qstash-standin.ts): the Worker's QSTASH_URL; `GET <qstashUrl>/recorded`
   * lists what was published. "" when skipped.
   */
  qstashUrl: string;
  qstashToken: string;
  /** Random per run; the tests sign deliveries with them as QStash would. "" when skipped. */
  qstashCurrentSigningKey: string;
  qstashNextSigningKey: string;
  /** The Worker's CHORUS_PUBLIC_URL (the origin SELF.fetch uses); QStash's callback is <publicUrl>/internal/jobs. */
  publicUrl: string;
  /** test/fixtures/media/rotated-phone.heic as base64: workerd reads no files, so Node hands it over. */
  heicFixture: string;
}

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ProvidedContext extends WorkersProvided {}
}
