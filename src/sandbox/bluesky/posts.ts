import type { Context, Hono } from "hono";
import { BLUESKY_METHODS } from "../../networks/bluesky/capabilities.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, findAccount, PLATFORM, scopeFault } from "./accounts.js";
import { checkEngagementRecord } from "./engagement-records.js";
import { checkFeedRecord, FEED_COLLECTIONS } from "./post-validation.js";
import { ownerFault, recordKey, type StoredRecord, writeRecord } from "./repo.js";
import { cidFor, tid, xrpcError } from "./wire.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBody } from "../json-body.js";

/**
 * Publishing methods of the simulated PDS: `createRecord`, `applyWrites`, `deleteRecord`,
 * `listRecords` and `identity.resolveHandle`, answered as PDS 0.4.217 answers them (checked
 * against a local PDS in test/e2e/bluesky-pds.test.ts): a record key that is already taken is a
 * 500, deleting a record that is gone is 200 `{}`, an unknown handle is 400 `InvalidRequest`
 * "Unable to resolve handle". Feed records are validated as the PDS validates them.
 */

const RKEY = /^[A-Za-z0-9._:~-]{1,512}$/;
const path = (nsid: string) => `/xrpc/${nsid}`;

type Write = { action: "create"; collection: string; rkey: string; value: Record<string, unknown> } | { action: "delete"; collection: string; rkey: string };

type Writer = { ok: true; account: SandboxAccount; body: Record<string, unknown> } | { ok: false; response: Response };

/** Auth, faults and the `repo` of a write, which must be the caller's own. */
async function writer(c: Context, deps: SimulatorDeps): Promise<Writer> {
  const auth = await authenticate(c, deps, "access");
  if (!auth.ok) return auth;
  const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
  if (fault) return { ok: false, response: fault };
  const body = await jsonBody(c);
  if (!body) return { ok: false, response: xrpcError(c, 400, "InvalidRequest", "Request encoding (Content-Type) required but not provided") };
  if (typeof body.repo !== "string") return { ok: false, response: xrpcError(c, 400, "InvalidRequest", 'Input must have the property "repo"') };
  const target = await findAccount(deps, body.repo);
  if (!target) return { ok: false, response: xrpcError(c, 403, "AccountNotFound", "Account not found") };
  if (target.id !== auth.account.id) return { ok: false, response: xrpcError(c, 401, "AuthenticationRequired", "Authentication Required") };
  return { ok: true, account: auth.account, body };
}

/** Checks every write before any is applied: a batch commits entirely or not at all. */
async function prepare(deps: SimulatorDeps, did: string, writes: Write[]): Promise<{ error: string; message: string; status: 400 | 500 } | null> {
  for (const write of writes) {
    if (!RKEY.test(write.rkey)) return { status: 400, error: "InvalidRequest", message: `Invalid record key: ${write.rkey}` };
    if (write.action === "delete") continue;
    if (await deps.store.get<StoredRecord>(PLATFORM, "record", recordKey(did, write.collection, write.rkey))) {
      // PDS 0.4.217 fails the commit on the duplicate key with an unhandled error.
      return { status: 500, error: "InternalServerError", message: "Internal Server Error" };
    }
    const value = { ...write.value, $type: write.value.$type ?? write.collection };
    if (FEED_COLLECTIONS.includes(write.collection)) {
      const invalid = await checkFeedRecord(deps, did, write.collection, value);
      if (invalid) return { status: 400, ...invalid };
    }
    const engagement = checkEngagementRecord(write.collection, value);
    if (engagement) return { status: 400, ...engagement };
  }
  return null;
}

async function apply(deps: SimulatorDeps, did: string, writes: Write[]) {
  const results: Record<string, unknown>[] = [];
  let rev = tid(deps.now());
  for (const write of writes) {
    const key = recordKey(did, write.collection, write.rkey);
    if (write.action === "delete") {
      await deps.store.delete(PLATFORM, "record", key);
      results.push({ $type: "com.atproto.repo.applyWrites#deleteResult" });
      continue;
    }
    const stored = await writeRecord(deps, did, write.collection, write.rkey, { ...write.value, $type: write.value.$type ?? write.collection });
    rev = stored.rev;
    results.push({ $type: "com.atproto.repo.applyWrites#createResult", uri: `at://${did}/${write.collection}/${write.rkey}`, cid: stored.cid, validationStatus: "valid" });
  }
  return { commit: { cid: await cidFor(new TextEncoder().encode(rev), "dag-cbor"), rev }, results };
}

export function mountPostRoutes(app: Hono, deps: SimulatorDeps): void {
  app.post(path(BLUESKY_METHODS.createRecord), async (c) => {
    const w = await writer(c, deps);
    if (!w.ok) return w.response;
    const { collection, rkey, record } = w.body;
    if (typeof collection !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "collection"');
    if (!isRecord(record)) return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "record"');
    if (rkey !== undefined && typeof rkey !== "string") return xrpcError(c, 400, "InvalidRequest", "Input/rkey must be a string");
    const write: Write = { action: "create", collection, rkey: rkey ?? tid(deps.now()), value: record };
    const problem = await prepare(deps, w.account.id, [write]);
    if (problem) return xrpcError(c, problem.status, problem.error, problem.message);
    const { commit, results } = await apply(deps, w.account.id, [write]);
    const [result] = results;
    return c.json({ uri: result?.uri, cid: result?.cid, commit, validationStatus: "valid" });
  });

  app.post(path(BLUESKY_METHODS.applyWrites), async (c) => {
    const w = await writer(c, deps);
    if (!w.ok) return w.response;
    if (!Array.isArray(w.body.writes)) return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "writes"');
    const writes: Write[] = [];
    for (const [i, raw] of w.body.writes.entries()) {
      if (!isRecord(raw) || typeof raw.collection !== "string") return xrpcError(c, 400, "InvalidRequest", `Input/writes/${i} must be an object with a collection`);
      if (raw.$type === "com.atproto.repo.applyWrites#create" && isRecord(raw.value)) {
        writes.push({ action: "create", collection: raw.collection, rkey: typeof raw.rkey === "string" ? raw.rkey : tid(deps.now()), value: raw.value });
      } else if (raw.$type === "com.atproto.repo.applyWrites#delete" && typeof raw.rkey === "string") {
        writes.push({ action: "delete", collection: raw.collection, rkey: raw.rkey });
      } else {
        return xrpcError(c, 400, "InvalidRequest", `Input/writes/${i} must be one of com.atproto.repo.applyWrites#create, #update or #delete`);
      }
    }
    const problem = await prepare(deps, w.account.id, writes);
    if (problem) return xrpcError(c, problem.status, problem.error, problem.message);
    return c.json(await apply(deps, w.account.id, writes));
  });

  app.post(path(BLUESKY_METHODS.deleteRecord), async (c) => {
    const w = await writer(c, deps);
    if (!w.ok) return w.response;
    const { collection, rkey } = w.body;
    if (typeof collection !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "collection"');
    if (typeof rkey !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "rkey"');
    const existing = await deps.store.get<StoredRecord>(PLATFORM, "record", recordKey(w.account.id, collection, rkey));
    // Nothing to delete is not an error: the PDS answers 200 with an empty body.
    if (!existing) return c.json({});
    const { commit } = await apply(deps, w.account.id, [{ action: "delete", collection, rkey }]);
    return c.json({ commit });
  });

  // Public, like the real method; newest first unless `reverse`, paged by record key.
  app.get(path(BLUESKY_METHODS.listRecords), async (c) => {
    const { repo, collection, cursor } = c.req.query();
    if (!repo) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "repo"');
    if (!collection) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "collection"');
    const limit = Number(c.req.query("limit") ?? "50");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return xrpcError(c, 400, "InvalidRequest", "limit must be an integer between 1 and 100");
    const owner = await findAccount(deps, repo);
    const fault = await ownerFault(c, deps, owner);
    if (fault) return fault;
    if (!owner) return xrpcError(c, 400, "InvalidRequest", `Could not find repo: ${repo}`);
    const reverse = c.req.query("reverse") === "true";
    const prefix = `${owner.id}/${collection}/`;
    const rows = (await deps.store.list<StoredRecord>(PLATFORM, "record", { owner: owner.id }))
      .filter((r) => r.id.startsWith(prefix))
      .map((r) => ({ rkey: r.id.slice(prefix.length), record: r.data }))
      .sort((a, b) => (reverse ? a.rkey.localeCompare(b.rkey) : b.rkey.localeCompare(a.rkey)))
      .filter((r) => !cursor || (reverse ? r.rkey > cursor : r.rkey < cursor));
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json({
      records: page.map((r) => ({ uri: `at://${owner.id}/${collection}/${r.rkey}`, cid: r.record.cid, value: r.record.value })),
      // The PDS names the last key of every non-empty page as the cursor, even the final one.
      ...(last ? { cursor: last.rkey } : {}),
    });
  });

  app.get(path(BLUESKY_METHODS.resolveHandle), async (c) => {
    const handle = c.req.query("handle");
    if (!handle) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "handle"');
    const account = handle.startsWith("did:") ? null : await findAccount(deps, handle);
    if (!account) return xrpcError(c, 400, "InvalidRequest", "Unable to resolve handle");
    return c.json({ did: account.id });
  });
}
