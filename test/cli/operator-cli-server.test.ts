import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { postgresAvailable } from "../support/postgres.js";
import { type ServerProcess, freePort, runCli, buildBeforeTests } from "../support/server-process.js";
import { serverScratch } from "../support/server-scratch.js";
import { httpWorkspace } from "../support/http-workspace.js";

const firstKeyOf = (server: ServerProcess) =>
  server
    .output()
    .split("\n")
    .map((line) => line.trim())
    .find((line) => /^sk_test_[0-9A-Za-z]{40}$/.test(line)) ?? "";

const status = async (base: string, key: string) => (await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status;

/**
 * The operator command line beside a running server process, as an operator would use them:
 * on the embedded database the CLI must refuse rather than print a key that never works.
 */
buildBeforeTests();

describe("operator CLI beside npm start on the embedded database", () => {
  const scratch = serverScratch("chorus-cli");
  const env = { CHORUS_DATA_DIR: join(scratch.dataDir, "db"), DATABASE_URL: "" };

  it("refuses every command while the server holds the data folder, naming its pid, and works once it stopped", async () => {
    const port = await freePort();
    const first = await scratch.start({ port, env });
    const firstKey = firstKeyOf(first);
    expect(await status(first.base, firstKey)).toBe(200);
    const workspace = (await httpWorkspace(first.base, firstKey).read("/v1/me")).account;

    const refused = await runCli(env, "key", "create", "--workspace", workspace, "--name", "while running");
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain(`pid ${first.pid}`);
    expect(refused.stderr).toContain("Nothing was changed");
    expect((await runCli(env, "workspace", "list")).code).toBe(3);
    const linkRefused = await runCli(env, "app-link", "--workspace", workspace);
    expect(linkRefused.code).toBe(3);
    expect(linkRefused.stdout).toBe("");
    await first.stop();

    const listed = await runCli(env, "workspace", "list");
    expect(listed.code).toBe(0);
    expect(listed.json).toEqual({ items: [expect.objectContaining({ workspace, plan: "subscription", activeKeys: 1 })] });
    const created = await runCli(env, "key", "create", "--workspace", workspace, "--mode", "test", "--name", "ops");
    expect(created.json).toMatchObject({ keyId: expect.stringMatching(/^agt_/), key: expect.stringMatching(/^sk_test_/) });
    const keys = await runCli(env, "key", "list", "--workspace", workspace);
    expect(keys.json).toEqual({
      items: [
        { keyId: expect.stringMatching(/^agt_/), prefix: firstKey.slice(0, 12), mode: "test", name: "first test key", createdAt: expect.any(String), lastUsedAt: expect.any(String), revokedAt: null },
        { keyId: created.json?.keyId, prefix: String(created.json?.key).slice(0, 12), mode: "test", name: "ops", createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
      ],
    });
    expect(keys.stdout).not.toContain(firstKey);
    expect((await runCli(env, "key", "revoke", "--key", String((keys.json?.items as { keyId: string }[])[0]?.keyId))).code).toBe(0);

    // The key made while the server was stopped lasts across the restart; the revoked one is refused.
    const second = await scratch.start({ port, env });
    expect(await status(second.base, String(created.json?.key))).toBe(200);
    expect(await status(second.base, firstKey)).toBe(401);

    // A dashboard link minted while the server was stopped signs in on it once it runs.
    await second.stop();
    const link = await runCli(env, "app-link", "--workspace", workspace, "--url", `http://127.0.0.1:${port}`);
    expect(link.json).toMatchObject({ url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:${port}/dashboard/signin/al_`)), expiresAt: expect.any(String) });
    await scratch.start({ port, env });
    const signin = await fetch(String(link.json?.url), { method: "POST", redirect: "manual" });
    expect(signin.status).toBe(303);
    expect(signin.headers.get("set-cookie")).toMatch(/^chorus_dashboard=ds_/);
  }, 240_000);
});

const postgres = await postgresAvailable();
skipWithout("postgres", postgres, "operator CLI beside a server on PostgreSQL");

describe.skipIf(!postgres.ok)("operator CLI beside a server on PostgreSQL", () => {
  const scratch = serverScratch("chorus-cli-pg");

  it("creates, lists and revokes keys that the running server honours within its key cache's lifetime", async () => {
    const database = await scratch.database();
    const env = { CHORUS_DATA_DIR: scratch.dataDir, DATABASE_URL: database.url };
    // Another process's revocation reaches the server once its verified-key cache forgets the key.
    const server = await scratch.start({ port: await freePort(), env: { ...env, CHORUS_KEY_CACHE_SECONDS: "1" } });
    const workspaces = await runCli(env, "workspace", "list");
    const workspace = String((workspaces.json?.items as { workspace: string }[])[0]?.workspace);
    const created = await runCli(env, "key", "create", "--workspace", workspace, "--mode", "live", "--name", "beside");
    expect(created.code).toBe(0);
    const key = String(created.json?.key);
    expect(await status(server.base, key)).toBe(200);
    const keys = await runCli(env, "key", "list", "--workspace", workspace);
    expect(keys.json?.items).toEqual(expect.arrayContaining([expect.objectContaining({ name: "beside", mode: "live", lastUsedAt: expect.any(String) })]));
    expect((await runCli(env, "key", "revoke", "--key", String(created.json?.keyId))).json).toMatchObject({ keyId: created.json?.keyId });
    // Refused as soon as the server's cached verification (1 s) lapses: asked until then, with a
    // margin for a loaded machine, instead of sleeping out the whole second.
    const revokedAt = Date.now();
    let after = await status(server.base, key);
    while (after !== 401 && Date.now() - revokedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await status(server.base, key);
    }
    expect(after).toBe(401);
    const again = await runCli(env, "key", "revoke", "--key", String(created.json?.keyId));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("No active key");
  }, 120_000);
});
