import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { hasInvalidCharacters } from "../../infra/well-formed-text.js";
import type { NetworkFailure } from "../http.js";
import type { NetworkContext, NetworkIdentity, ProfileUpdate, TokenSet } from "../types.js";
import { BLUESKY_METHODS, BLUESKY_PROFILE_COLLECTION, BLUESKY_PROFILE_LIMITS, BLUESKY_PROFILE_RKEY } from "./capabilities.js";
import { downloadProfileImage } from "./profile-image.js";
import { didOf, pdsFromDidDoc, pdsUrlOf } from "./connect.js";
import { fitsLexiconString } from "./text.js";
import { blueskyFailure, xrpc, xrpcOrThrow, xrpcUrl } from "./xrpc.js";

/**
 * Identity and profile through the PDS alone. `app.bsky.actor.getProfile` would need an AppView
 * (a PDS proxies every `app.bsky.*` read to one, and a PDS without one answers 502), so the
 * profile is read as what it is: the record `app.bsky.actor.profile/self` in the person's repo.
 */

const SessionInfoSchema = v.looseObject({ did: v.string(), handle: v.string(), didDoc: v.optional(v.unknown()) });
const RecordSchema = v.looseObject({ uri: v.string(), cid: v.optional(v.string()), value: v.record(v.string(), v.unknown()) });
const UploadSchema = v.looseObject({ blob: v.looseObject({ ref: v.unknown(), mimeType: v.string(), size: v.number() }) });

/** The handle the PDS reports when the handle no longer resolves back to the DID. */
const INVALID_HANDLE = "handle.invalid";
/** Concurrent edits (another client saving the profile) make putRecord answer InvalidSwap; read again. */
const MAX_SWAP_ATTEMPTS = 3;

export interface ProfileRecord {
  cid: string | null;
  value: Record<string, unknown>;
}

/** The profile record, or null when the person never saved a profile. */
export async function readProfileRecord(net: NetworkContext, pds: string, did: string): Promise<ProfileRecord | null> {
  const result = await xrpc<unknown>(net, {
    base: pds,
    nsid: BLUESKY_METHODS.getRecord,
    method: "GET",
    params: { repo: did, collection: BLUESKY_PROFILE_COLLECTION, rkey: BLUESKY_PROFILE_RKEY },
  });
  if (!result.ok) {
    if (result.error === "RecordNotFound") return null;
    throw blueskyFailure(net, result.failure);
  }
  const parsed = v.safeParse(RecordSchema, result.body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "bluesky: unexpected getRecord response" });
  return { cid: parsed.output.cid ?? null, value: parsed.output.value };
}

/** CID of a blob field: `{ $type: 'blob', ref: { $link } }`, or the legacy `{ cid }` form. */
function blobCid(blob: unknown): string | null {
  if (!blob || typeof blob !== "object") return null;
  const record = blob as Record<string, unknown>;
  const ref = record.ref;
  if (ref && typeof ref === "object" && typeof (ref as Record<string, unknown>).$link === "string") return (ref as { $link: string }).$link;
  return typeof record.cid === "string" ? record.cid : null;
}

/**
 * The avatar as the PDS serves it (`com.atproto.sync.getBlob`, public). Works for every PDS,
 * unlike the AppView's CDN address, which exists only for accounts Bluesky's AppView indexed.
 */
function blobUrl(pds: string, did: string, blob: unknown): string | null {
  const cid = blobCid(blob);
  return cid ? xrpcUrl(pds, BLUESKY_METHODS.getBlob, { did, cid }) : null;
}

export async function readIdentity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity> {
  const pds = pdsUrlOf(tokens, net);
  // getSession checks the access token and gives the current handle (it can change at any time).
  const body = await xrpcOrThrow<unknown>(net, { base: pds, nsid: BLUESKY_METHODS.getSession, method: "GET", token: tokens.accessToken });
  const parsed = v.safeParse(SessionInfoSchema, body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "bluesky: unexpected getSession response" });
  const { did, handle, didDoc } = parsed.output;
  const home = pdsFromDidDoc(didDoc) ?? pds;
  const profile = await readProfileRecord(net, home, did);
  const displayName = typeof profile?.value.displayName === "string" ? profile.value.displayName.trim() : "";
  return {
    networkUserId: did,
    handle: handle === INVALID_HANDLE ? did : handle,
    displayName: displayName || null,
    avatarUrl: profile ? blobUrl(home, did, profile.value.avatar) : null,
  };
}

function checkText(value: string, param: "displayName" | "bio", limits: { graphemes: number; bytes: number }): void {
  if (hasInvalidCharacters(value)) {
    throw new ApiError("text_invalid_characters", {
      param,
      platform: "bluesky",
      message: `The ${param === "bio" ? "bio" : "display name"} contains a NUL character or an unpaired surrogate.`,
      beforeExecution: true,
    });
  }
  if (!fitsLexiconString(value, limits)) {
    throw new ApiError("field_invalid", {
      param,
      platform: "bluesky",
      message: `Bluesky allows at most ${limits.graphemes} characters (and ${limits.bytes} bytes) in ${param === "bio" ? "the bio" : "the display name"}.`,
      beforeExecution: true,
    });
  }
}

async function uploadImage(net: NetworkContext, pds: string, token: string, image: { data: ArrayBuffer; contentType: string }): Promise<Record<string, unknown>> {
  const body = await xrpcOrThrow<unknown>(net, { base: pds, nsid: BLUESKY_METHODS.uploadBlob, method: "POST", token, bytes: image });
  const parsed = v.safeParse(UploadSchema, body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "bluesky", message: "bluesky: unexpected uploadBlob response" });
  return parsed.output.blob;
}

/**
 * Saves the profile record with compare-and-swap: read the record and its CID, change only the
 * fields asked for (pinned post, labels, pronouns, website stay as they are), and put it back with
 * `swapRecord` set to that CID (null when there was no record), so an edit made meanwhile by the
 * Bluesky app is never overwritten; on InvalidSwap read again and retry.
 */
export async function updateProfile(tokens: TokenSet, update: ProfileUpdate, net: NetworkContext): Promise<void> {
  const L = BLUESKY_PROFILE_LIMITS;
  if (update.displayName !== undefined) checkText(update.displayName.trim(), "displayName", { graphemes: L.displayNameGraphemes, bytes: L.displayNameBytes });
  if (update.bio !== undefined) checkText(update.bio.trim(), "bio", { graphemes: L.descriptionGraphemes, bytes: L.descriptionBytes });
  const did = didOf(tokens);
  const pds = pdsUrlOf(tokens, net);

  // Download both images before the first write, so a bad URL changes nothing.
  const avatarImage = update.avatarUrl !== undefined ? await downloadProfileImage(update.avatarUrl, "avatarUrl", net) : null;
  const bannerImage = update.bannerUrl !== undefined ? await downloadProfileImage(update.bannerUrl, "bannerUrl", net) : null;
  const fields: Record<string, unknown> = {};
  if (update.displayName !== undefined) fields.displayName = update.displayName.trim();
  if (update.bio !== undefined) fields.description = update.bio.trim();
  // Upload right before the write: a blob no record references is garbage-collected by the PDS.
  if (avatarImage) fields.avatar = await uploadImage(net, pds, tokens.accessToken, avatarImage);
  if (bannerImage) fields.banner = await uploadImage(net, pds, tokens.accessToken, bannerImage);
  if (Object.keys(fields).length === 0) return;

  let lastFailure: NetworkFailure | null = null;
  for (let attempt = 0; attempt < MAX_SWAP_ATTEMPTS; attempt += 1) {
    const current = await readProfileRecord(net, pds, did);
    const record: Record<string, unknown> = { ...(current?.value ?? {}), $type: BLUESKY_PROFILE_COLLECTION };
    for (const [key, value] of Object.entries(fields)) {
      // An empty display name or bio clears the field, as the Bluesky app does.
      if (value === "") delete record[key];
      else record[key] = value;
    }
    if (!current) record.createdAt = net.now().toISOString();
    const result = await xrpc<unknown>(net, {
      base: pds,
      nsid: BLUESKY_METHODS.putRecord,
      method: "POST",
      token: tokens.accessToken,
      json: {
        repo: did,
        collection: BLUESKY_PROFILE_COLLECTION,
        rkey: BLUESKY_PROFILE_RKEY,
        record,
        swapRecord: current?.cid ?? null,
      },
    });
    if (result.ok) return;
    if (result.error !== "InvalidSwap") throw blueskyFailure(net, result.failure);
    lastFailure = result.failure;
  }
  throw lastFailure ? blueskyFailure(net, lastFailure) : new ApiError("platform_unavailable", { platform: "bluesky" });
}
