/**
 * Seeding N workspaces cheaply: one template workspace is made through the Worker's own API (its
 * sandbox accounts connected with a test key, one webhook endpoint, a `slow` fault giving each
 * simulated network its latency), then copied N-1 times in SQL with generate_series. Ids of the
 * template's rows get a per-copy suffix; each copy gets its own test key (hashed in SQL); the two
 * encrypted columns are bound to their row by the cipher's additional data, so they are re-encrypted
 * per row in Node (decrypted once, encrypted per copy).
 */
import { sql } from "drizzle-orm";
import { createWorkspace } from "../../src/domain/workspaces/create-workspace.js";
import { createTokenCipher } from "../../src/infra/token-cipher.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { PUBLIC_URL, type Stack } from "./stack.js";

/** The ten accounts of every workspace; `active` marks the one whose network sees events. */
export const ACCOUNT_MIX: { platform: PlatformId; active?: true }[] = [
  { platform: "bluesky", active: true },
  { platform: "bluesky" },
  { platform: "bluesky" },
  { platform: "twitter" },
  { platform: "twitter" },
  { platform: "twitter" },
  { platform: "youtube" },
  { platform: "linkedin" },
  { platform: "instagram" },
  { platform: "facebook" },
];

export interface Seeded {
  workspaces: number;
  /** Per workspace copy g (0 = the template): its test key and its active account id. */
  keyOf(g: number): string;
  accountOf(g: number, index: number): string;
}

const suffix = (g: number) => (g === 0 ? "" : `z${g}`);

export async function seed(stack: Stack, input: { workspaces: number; latencyMs: number }): Promise<Seeded> {
  const created = await createWorkspace(stack.server.db, { name: "Scale bench", email: "scale@bench.example", plan: "free", keyMode: "test", keyName: "bench", actor: "bench:scale", at: new Date() });
  const key = created.apiKey.key;
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await stack.mf.dispatchFetch(`${PUBLIC_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return JSON.parse(text) as { id: string };
  };
  const accounts: string[] = [];
  for (const [i, { platform }] of ACCOUNT_MIX.entries()) {
    const handle = platform === "bluesky" ? `bench${i}.test` : `bench_${platform}_${i}`;
    const account = await call("POST", "/v1/social-accounts/connect", { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) });
    accounts.push(account.id);
    await call("PUT", `/v1/sandbox/social-accounts/${account.id}/fault`, { fault: "slow", delayMs: input.latencyMs });
  }
  await call("POST", "/v1/webhooks", { url: `https://hooks.bench.example/w/${created.workspaceId}` });
  await cloneWorkspace(stack, created.workspaceId, key, input.workspaces - 1);
  return {
    workspaces: input.workspaces,
    keyOf: (g) => keyFor(key, g),
    accountOf: (g, index) => `${accounts[index]}${suffix(g)}`,
  };
}

/** Copy g's key: the template's with its tail replaced by g (the same length and alphabet). */
const keyFor = (key: string, g: number) => (g === 0 ? key : `${key.slice(0, -9)}z${String(g).padStart(8, "0")}`);

type Row = Record<string, unknown>;

async function cloneWorkspace(stack: Stack, workspaceId: string, key: string, copies: number): Promise<void> {
  if (copies <= 0) return;
  const db = stack.server.db;
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const tables = (await rows(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'workspace_id'`)).map((r) => String(r.table_name));
  const owned: string[] = [];
  const ids = new Set<string>([workspaceId]);
  for (const table of tables) {
    const found = await rows(sql`select * from ${sql.identifier(table)} where workspace_id = ${workspaceId}`);
    if (found.length === 0) continue;
    owned.push(table);
    // The sandbox's own ids live inside its JSON records too: they stay as they are (each copy is its own world).
    if (table === "sandbox_records") continue;
    for (const row of found) if (typeof row.id === "string" && /^[a-z]+_[A-Za-z0-9]+$/.test(row.id)) ids.add(row.id);
  }
  const idList = [...ids];
  const copyTable = async (table: string, where: ReturnType<typeof sql>) => {
    const columns = await rows(
      sql`select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
    );
    const select = columns.map((c) => {
      const name = String(c.column_name);
      const col = sql.identifier(name);
      if (table === "api_keys" && name === "hash") return sql`encode(sha256(convert_to(left(${key}, -9) || 'z' || lpad(g::text, 8, '0'), 'UTF8')), 'hex')`;
      if (c.data_type === "text") return sql`case when ${col} = any(string_to_array(${idList.join(",")}, ',')) then ${col} || 'z' || g else ${col} end`;
      return sql`${col}`;
    });
    const names = sql.join(
      columns.map((c) => sql.identifier(String(c.column_name))),
      sql`, `,
    );
    await db.execute(sql`insert into ${sql.identifier(table)} (${names}) select ${sql.join(select, sql`, `)} from ${sql.identifier(table)}, generate_series(1, ${copies}) g where ${where}`);
  };
  await copyTable("workspaces", sql`id = ${workspaceId}`);
  for (const table of owned) await copyTable(table, sql`workspace_id = ${workspaceId}`);
  await reencrypt(stack, "social_accounts", "tokens_encrypted", "tokens", workspaceId);
  await reencrypt(stack, "webhook_endpoints", "secret_encrypted", "secret", workspaceId);
}

/** Each copy's ciphertext under its own row id (the cipher binds a value to its row). */
async function reencrypt(stack: Stack, table: string, column: string, cipherColumn: string, workspaceId: string): Promise<void> {
  const db = stack.server.db;
  const cipher = await createTokenCipher(stack.encryptionKeys);
  const templates = (
    (await db.execute(sql`select id, ${sql.identifier(column)} as value from ${sql.identifier(table)} where workspace_id = ${workspaceId} and ${sql.identifier(column)} is not null`)) as unknown as {
      rows: { id: string; value: string }[];
    }
  ).rows;
  for (const template of templates) {
    const plain = await cipher.decrypt(template.value, { table, rowId: template.id, column: cipherColumn });
    const copies = ((await db.execute(sql`select id from ${sql.identifier(table)} where id like ${`${template.id}z%`}`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    for (let start = 0; start < copies.length; start += 2000) {
      const batch = copies.slice(start, start + 2000);
      const values = await Promise.all(batch.map((rowId) => cipher.encrypt(plain, { table, rowId, column: cipherColumn })));
      await db.execute(
        sql`update ${sql.identifier(table)} t set ${sql.identifier(column)} = v.value from unnest(string_to_array(${batch.join(",")}, ','), string_to_array(${values.join(",")}, ',')) as v(id, value) where t.id = v.id`,
      );
    }
  }
}
