import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app.js";
import { networkDepsFromEnv } from "../../src/config/network-env.js";
import type { AppDeps } from "../../src/deps.js";
import { tableJobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { systemClock } from "../../src/infra/clock.js";
import { silentLogger } from "../../src/infra/logger.js";
import { createFileMediaStorage } from "../../src/infra/media-storage/file-storage.js";
import { createMemoryRateLimiter } from "../../src/infra/rate-limit/memory-limiter.js";
import { createTokenCipher, generateKeyringEntry } from "../../src/infra/token-cipher.js";

/**
 * The document exactly as `GET /openapi.json` serves it, from an app built in memory (Node only).
 * Serving the document reads no database and calls no network, so the app gets inert ones: a
 * database that refuses to open, networks that are never called, a throwaway key.
 */
export async function servedOpenApiDocument(): Promise<unknown> {
  const deps: AppDeps = {
    database: {
      open: () => {
        throw new Error("the OpenAPI document is generated without a database");
      },
    },
    rateLimiter: createMemoryRateLimiter(systemClock),
    clock: systemClock,
    logger: silentLogger,
    clientIp: () => "127.0.0.1",
    networks: { ...networkDepsFromEnv({}, fetch, createGuardedFetch({ resolve: async () => [], fetch })), loadSimulators: () => import("../../src/sandbox/registry.js") },
    cipher: await createTokenCipher(generateKeyringEntry("document")),
    signingSecret: "document-only-signing-secret-0123456789",
    jobs: tableJobQueue,
    mediaStorage: createFileMediaStorage(join(tmpdir(), "chorus-document-media")),
  };
  const response = await createApp(deps).request("http://localhost/openapi.json");
  if (response.status !== 200) throw new Error(`/openapi.json answered ${response.status}`);
  return response.json();
}
