import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { type ServerProcess, freePort, startServerProcess, buildBeforeTests } from "../support/server-process.js";

/** Starts the server as `npm start` does (dist/server.js) on `dataDir` and waits for its listening line. */
const startServer = (dataDir: string, port: number, databaseUrl = ""): Promise<ServerProcess> => startServerProcess({ port, env: { CHORUS_DATA_DIR: dataDir, DATABASE_URL: databaseUrl } });

buildBeforeTests();

describe("npm start on an empty data folder", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "chorus-data-"));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates a workspace, prints its test key once on a line of its own, and keeps the data across a restart", async () => {
    const port = await freePort();
    const first = await startServer(join(dataDir, "db"), port);
    running.push(first);
    const keyLines = first
      .output()
      .split("\n")
      .filter((line) => /^sk_test_[0-9A-Za-z]{40}$/.test(line.trim()));
    expect(keyLines).toHaveLength(1);
    const key = keyLines[0]?.trim() ?? "";
    const base = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${key}` };

    const limits = (await (await fetch(`${base}/v1/me/limits`, { headers: auth })).json()) as { credits: Record<string, unknown>; billing: Record<string, unknown> };
    expect(limits.credits).toMatchObject({ plan: "subscription", blockedPlatforms: [], pack: 1000 });
    expect(limits.billing).toMatchObject({ mode: "subscription" });
    const created = await fetch(`${base}/v1/profiles`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ username: "kept" }) });
    expect(created.status).toBe(201);
    await first.stop();

    const second = await startServer(join(dataDir, "db"), port);
    running.push(second);
    expect(second.output()).not.toMatch(/sk_test_/);
    const profiles = (await (await fetch(`${base}/v1/profiles`, { headers: auth })).json()) as { items: { username: string }[] };
    expect(profiles.items.map((p) => p.username)).toEqual(["kept"]);
    expect((await fetch(`${base}/docs`)).status).toBe(200);
  }, 120_000);
});

const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "npm start with DATABASE_URL");

describe.skipIf(!postgres.ok)("npm start with DATABASE_URL", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "chorus-data-"));
  let started: ServerProcess | null = null;
  let database: { url: string; close: () => Promise<void> } | null = null;
  afterAll(async () => {
    await started?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates the PostgreSQL server, creates the first workspace there and serves from it", async () => {
    database = await createThrowawayDatabase();
    const port = await freePort();
    started = await startServer(dataDir, port, database.url);
    expect(started.output()).toContain("postgres (DATABASE_URL)");
    const key =
      started
        .output()
        .split("\n")
        .find((line) => /^sk_test_/.test(line.trim()))
        ?.trim() ?? "";
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
