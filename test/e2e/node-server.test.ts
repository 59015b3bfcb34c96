import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { postgresAvailable } from "../support/postgres.js";
import { type ServerProcess, freePort, buildBeforeTests } from "../support/server-process.js";
import { type ServerScratch, serverScratch } from "../support/server-scratch.js";
import { firstStartKey, httpWorkspace } from "../support/http-workspace.js";

/** Starts the server as `npm start` does (dist/server.js) on `dataDir` and waits for its listening line. */
const startServer = (scratch: ServerScratch, dataDir: string, port: number, databaseUrl = ""): Promise<ServerProcess> =>
  scratch.start({ port, env: { CHORUS_DATA_DIR: dataDir, DATABASE_URL: databaseUrl } });

buildBeforeTests();

describe("npm start on an empty data folder", () => {
  const scratch = serverScratch("chorus-data");

  it("creates a workspace, prints its test key once on a line of its own, and keeps the data across a restart", async () => {
    const port = await freePort();
    const first = await startServer(scratch, join(scratch.dataDir, "db"), port);
    const keyLines = first
      .output()
      .split("\n")
      .filter((line) => /^sk_test_[0-9A-Za-z]{40}$/.test(line.trim()));
    expect(keyLines).toHaveLength(1);
    const key = keyLines[0]?.trim() ?? "";
    const ws = httpWorkspace(`http://127.0.0.1:${port}`, key);

    const limits = await ws.read("/v1/me/limits");
    expect(limits.credits).toMatchObject({ plan: "subscription", blockedPlatforms: [], pack: 1000 });
    expect(limits.billing).toMatchObject({ mode: "subscription" });
    await ws.createProfile({ username: "kept" });
    await first.stop();

    const second = await startServer(scratch, join(scratch.dataDir, "db"), port);
    expect(second.output()).not.toMatch(/sk_test_/);
    const profiles = await ws.read("/v1/profiles");
    expect(profiles.items.map((p) => p.username)).toEqual(["kept"]);
    expect((await fetch(`${ws.base}/docs`)).status).toBe(200);
  }, 120_000);
});

const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "npm start with DATABASE_URL");

describe.skipIf(!postgres.ok)("npm start with DATABASE_URL", () => {
  const scratch = serverScratch("chorus-data");

  it("migrates the PostgreSQL server, creates the first workspace there and serves from it", async () => {
    const database = await scratch.database();
    const port = await freePort();
    const started = await startServer(scratch, scratch.dataDir, port, database.url);
    expect(started.output()).toContain("postgres (DATABASE_URL)");
    const key = await firstStartKey(started.output);
    expect(key).toMatch(/^sk_test_/);
    const response = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from workspaces");
      expect(Number(rows[0]?.n)).toBe(1);
    } finally {
      await client.end();
    }
  }, 120_000);
});
