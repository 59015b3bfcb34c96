import { availableParallelism } from "node:os";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
// Types only: the values test/workers/global-setup.ts provides (the ProvidedContext augmentation).
// Importing the setup also keeps that Node file type-checked by tsconfig.json.
import type {} from "./test/workers/global-setup.js";

// CI runs on a shared two-core machine where a loaded moment can stretch one timing-sensitive test
// past its budget. There a failed test is run again (at most twice): a real defect still fails all
// three runs, and .ci/summary.mjs names every test that only passed on a retry as FLAKY so it gets
// fixed rather than hidden. Locally nothing is retried.
const retry = process.env.CI ? 2 : 0;

// Vitest's default is one worker fewer than the cores: one on the two-core CI machine, where most
// of a file's time is spent waiting on sockets, child servers and timers. Two files at a time
// there, with each file's database loaded from a dump (test/support/pglite-snapshot-setup.ts), took
// the node project from 23 to 13 minutes, none retried; bigger machines keep the default.
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/workers/**", "**/node_modules/**"],
          environment: "node",
          // Files share their worker's modules: the app, the simulators and sharp are imported once per
          // worker, not once per file (import time 206 s -> 19 s summed over the node project). Each
          // file still gets a database of its own (setupFiles), so no file sees another's rows.
          isolate: false,
          setupFiles: ["./test/support/per-file-database.ts"],
          globalSetup: ["./test/support/pglite-snapshot-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
      {
        // The Worker entry (src/worker.ts) inside workerd: Neon driver -> ws proxy -> real Postgres,
        // @upstash/redis -> REST shim -> real Redis. Services are started by the globalSetup (Node).
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                DATABASE_URL: inject("databaseUrl"),
                WS_PROXY: inject("wsProxy"),
                UPSTASH_REDIS_REST_URL: inject("upstashUrl"),
                UPSTASH_REDIS_REST_TOKEN: inject("upstashToken"),
                // Test-only secrets (a fixed 32-byte key); production sets them with `wrangler secret put`.
                CHORUS_ENCRYPTION_KEYS: "test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
                CHORUS_SIGNING_SECRET: "workers-test-signing-secret-0123456789",
                // Request lines would drown the test output; errors still show.
                LOG_LEVEL: "error",
                // Delayed work through QStash: the client publishes to the stand-in, and
                // /internal/jobs verifies callbacks against <CHORUS_PUBLIC_URL>/internal/jobs.
                // All "" when the suite is skipped (no QSTASH_TOKEN: the job-table queue).
                CHORUS_PUBLIC_URL: inject("publicUrl"),
                QSTASH_URL: inject("qstashUrl"),
                QSTASH_TOKEN: inject("qstashToken"),
                QSTASH_CURRENT_SIGNING_KEY: inject("qstashCurrentSigningKey"),
                QSTASH_NEXT_SIGNING_KEY: inject("qstashNextSigningKey"),
              },
              r2Buckets: ["MEDIA"],
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          globalSetup: ["./test/workers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
    ],
  },
});
