import type { Context, Hono } from "hono";
import { BLUESKY_BLOB_UPLOAD_LIMIT_BYTES, BLUESKY_METHODS, BLUESKY_PROFILE_COLLECTION, BLUESKY_PROFILE_LIMITS, BLUESKY_PROFILE_RKEY } from "../../networks/bluesky/capabilities.js";
import { countGraphemes, utf8Length } from "../../networks/bluesky/text.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accountFault, authenticate, findAccount, PLATFORM, scopeFault } from "./accounts.js";
import { cidFor, fromBase64, tid, unstorableText, xrpcError } from "./wire.js";
import { indexNotifications } from "./notifications.js";
import { checkFeedRecord, FEED_COLLECTIONS } from "./post-validation.js";
import { storeBlob, type StoredBlob } from "./blobs.js";

/** One record of a simulated repository, keyed `<did>/<collection>/<rkey>` like its AT URI path. */
export interface StoredRecord {
  cid: string;
  rev: string;
  value: Record<string, unknown>;
}

export const recordKey = (did: string, collection: string, rkey: string) => `${did}/${collection}/${rkey}`;
const path = (nsid: string) => `/xrpc/${nsid}`;

export async function writeRecord(deps: SimulatorDeps, did: string, collection: string, rkey: string, value: Record<string, unknown>): Promise<StoredRecord> {
  const stored: StoredRecord = { cid: await cidFor(new TextEncoder().encode(JSON.stringify(value)), "dag-cbor"), rev: tid(deps.now()), value };
  await deps.store.put(PLATFORM, "record", recordKey(did, collection, rkey), stored, did);
  await indexNotifications(deps, did, collection, rkey, value, stored.cid);
  return stored;
}

type Invalid = { error: string; message: string };

function checkString(record: Record<string, unknown>, field: string, graphemes: number, bytes: number): Invalid | null {
  const value = record[field];
  if (value === undefined) return null;
  if (typeof value !== "string") return { error: "InvalidRequest", message: `Expected string value type (got ${typeof value}) at $.record.${field}` };
  const unstorable = unstorableText(value, `$.record.${field}`);
  if (unstorable) return { error: "InvalidRequest", message: unstorable };
  const g = countGraphemes(value);
  if (g > graphemes) return { error: "InvalidRequest", message: `grapheme too big (maximum ${graphemes}, got ${g}) at $.record.${field}` };
  const b = utf8Length(value);
  if (b > bytes) return { error: "InvalidRequest", message: `string too big (maximum ${bytes}, got ${b}) at $.record.${field}` };
  return null;
}

/** The profile lexicon's checks, plus the blob checks the PDS makes when it commits the record. */
async function checkProfile(deps: SimulatorDeps, did: string, record: Record<string, unknown>): Promise<Invalid | null> {
  const L = BLUESKY_PROFILE_LIMITS;
  const text = checkString(record, "displayName", L.displayNameGraphemes, L.displayNameBytes) ?? checkString(record, "description", L.descriptionGraphemes, L.descriptionBytes);
  if (text) return text;
  for (const field of ["avatar", "banner"]) {
    const blob = record[field];
    if (blob === undefined) continue;
    const ref = blob && typeof blob === "object" ? (blob as Record<string, unknown>) : null;
    const link = ref?.ref && typeof ref.ref === "object" ? (ref.ref as Record<string, unknown>).$link : undefined;
    if (!ref || typeof link !== "string" || typeof ref.mimeType !== "string" || typeof ref.size !== "number") {
      return { error: "InvalidRequest", message: `Expected blob value type at $.record.${field}` };
    }
    if (!(L.imageFormats as readonly string[]).includes(ref.mimeType)) {
      return { error: "InvalidRequest", message: `${ref.mimeType} is not an accepted mime type (expected image/png or image/jpeg) at $.record.${field}` };
    }
    if (ref.size > L.imageBytes) return { error: "InvalidRequest", message: `blob too big (maximum ${L.imageBytes}, got ${ref.size}) at $.record.${field}` };
    const stored = await deps.store.get<StoredBlob>(PLATFORM, "blob", `${did}/${link}`);
    if (!stored) return { error: "BlobNotFound", message: `Could not find blob: ${link}` };
    if (stored.data.mimeType !== ref.mimeType) {
      return { error: "InvalidMimeType", message: `Referenced Mimetype does not match stored blob. Expected: ${stored.data.mimeType}, Got: ${ref.mimeType}` };
    }
    if (stored.data.size !== ref.size) return { error: "InvalidSize", message: `Referenced Size does not match stored blob. Expected: ${stored.data.size}, Got: ${ref.size}` };
  }
  return null;
}

/** swapRecord as `processWrites` checks it: null means "must not exist yet", a CID means "must still be this". */
function swapMismatch(body: Record<string, unknown>, current: StoredRecord | null): boolean {
  if (!("swapRecord" in body) || body.swapRecord === undefined) return false;
  const swap = body.swapRecord;
  if (swap === null) return current !== null;
  return current === null || current.cid !== swap;
}

export async function ownerFault(c: Context, deps: SimulatorDeps, account: SandboxAccount | null): Promise<Response | null> {
  return account ? accountFault(c, deps, account, "other") : null;
}

/** `com.atproto.repo.getRecord`, `putRecord`, `uploadBlob` and `com.atproto.sync.getBlob`. */
export function mountRepoRoutes(app: Hono, deps: SimulatorDeps): void {
  // Public, like the real method: no token needed to read a record.
  app.get(path(BLUESKY_METHODS.getRecord), async (c) => {
    const { repo, collection, rkey } = c.req.query();
    for (const [name, value] of Object.entries({ repo, collection, rkey })) {
      if (!value) return xrpcError(c, 400, "InvalidRequest", `Params must have the property "${name}"`);
    }
    const owner = await findAccount(deps, repo ?? "");
    const fault = await ownerFault(c, deps, owner);
    if (fault) return fault;
    const uri = `at://${owner?.id ?? repo}/${collection}/${rkey}`;
    const found = owner ? await deps.store.get<StoredRecord>(PLATFORM, "record", recordKey(owner.id, collection ?? "", rkey ?? "")) : null;
    if (!found) return xrpcError(c, 400, "RecordNotFound", `Could not locate record: ${uri}`);
    return c.json({ uri, cid: found.data.cid, value: found.data.value });
  });

  app.post(path(BLUESKY_METHODS.putRecord), async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
    if (fault) return fault;
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return xrpcError(c, 400, "InvalidRequest", "Request encoding (Content-Type) required but not provided");
    const { repo, collection, rkey, record } = body;
    if (typeof repo !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "repo"');
    if (typeof collection !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "collection"');
    if (typeof rkey !== "string") return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "rkey"');
    if (!record || typeof record !== "object" || Array.isArray(record)) return xrpcError(c, 400, "InvalidRequest", 'Input must have the property "record"');
    const target = await findAccount(deps, repo);
    if (!target) return xrpcError(c, 403, "AccountNotFound", "Account not found");
    if (target.id !== auth.account.id) return xrpcError(c, 401, "AuthenticationRequired", "Authentication Required");
    const value = record as Record<string, unknown>;
    if (value.$type !== undefined && value.$type !== collection) {
      return xrpcError(c, 400, "InvalidRequest", `Invalid $type: expected ${collection}, got ${String(value.$type)}`);
    }
    if (collection === BLUESKY_PROFILE_COLLECTION) {
      if (rkey !== BLUESKY_PROFILE_RKEY) return xrpcError(c, 400, "InvalidRequest", `Invalid record key for ${collection}: must be "${BLUESKY_PROFILE_RKEY}"`);
      const invalid = await checkProfile(deps, target.id, value);
      if (invalid) return xrpcError(c, 400, invalid.error, invalid.message);
    }
    // The PDS validates every record of a known lexicon, an update as much as a create (a threadgate's hiddenReplies above 300 is refused here).
    if (FEED_COLLECTIONS.includes(collection)) {
      const invalid = await checkFeedRecord(deps, target.id, collection, { ...value, $type: collection });
      if (invalid) return xrpcError(c, 400, invalid.error, invalid.message);
    }
    const key = recordKey(target.id, collection, rkey);
    const current = (await deps.store.get<StoredRecord>(PLATFORM, "record", key))?.data ?? null;
    if (swapMismatch(body, current)) return xrpcError(c, 400, "InvalidSwap", `Record was at ${current?.cid ?? "null"}`);
    const next = { ...value, $type: collection };
    const nextCid = await cidFor(new TextEncoder().encode(JSON.stringify(next)), "dag-cbor");
    const uri = `at://${target.id}/${collection}/${rkey}`;
    // Writing the same content again is a no-op: same CID, no commit.
    if (current?.cid === nextCid) return c.json({ uri, cid: nextCid, validationStatus: "valid" });
    const stored = await writeRecord(deps, target.id, collection, rkey, next);
    return c.json({ uri, cid: stored.cid, commit: { cid: await cidFor(new TextEncoder().encode(stored.rev), "dag-cbor"), rev: stored.rev }, validationStatus: "valid" });
  });

  app.post(path(BLUESKY_METHODS.uploadBlob), async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = (await accountFault(c, deps, auth.account, "other")) ?? scopeFault(c, auth.account);
    if (fault) return fault;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > BLUESKY_BLOB_UPLOAD_LIMIT_BYTES) return xrpcError(c, 413, "PayloadTooLarge", "request entity too large");
    const mimeType = (c.req.header("content-type") ?? "application/octet-stream").split(";")[0]?.trim() || "application/octet-stream";
    return c.json({ blob: await storeBlob(deps, auth.account.id, bytes, mimeType) });
  });

  app.get(path(BLUESKY_METHODS.getBlob), async (c) => {
    const { did, cid } = c.req.query();
    if (!did) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "did"');
    if (!cid) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "cid"');
    const fault = await ownerFault(c, deps, await findAccount(deps, did));
    if (fault) return fault;
    const found = await deps.store.get<StoredBlob>(PLATFORM, "blob", `${did}/${cid}`);
    if (!found) return xrpcError(c, 400, "InvalidRequest", "Blob not found");
    return new Response(fromBase64(found.data.base64), {
      status: 200,
      headers: {
        "content-type": found.data.mimeType,
        "content-length": String(found.data.size),
        "x-content-type-options": "nosniff",
        "content-disposition": `attachment; filename="${cid}"`,
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  });
}
