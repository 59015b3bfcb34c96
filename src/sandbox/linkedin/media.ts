import type { Context, Hono } from "hono";
import { randomToken } from "../oauth-consent.js";
import { checkToken } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { authorizeMember } from "./auth.js";
import { mayActAs } from "./authors.js";
import { restError } from "./linkedin-data.js";
import { jsonBody } from "../json-body.js";

/**
 * LinkedIn's Images, Videos and Documents APIs: `initializeUpload` actions under /rest, the upload URLs
 * (on www.linkedin.com, like LinkedIn's `dms-uploads` ones), `finalizeUpload` for videos, and the
 * status reads. Images are AVAILABLE as soon as they are uploaded; a video is PROCESSING for two
 * seconds of the sandbox clock after finalizeUpload, then AVAILABLE. A file whose bytes are not
 * the kind uploaded (an image that is no JPEG, PNG or GIF; a video without an MP4 `ftyp` box)
 * ends PROCESSING_FAILED. Only sizes and the first bytes of files are kept.
 *
 * Documents (Documents API page): one PUT of the whole file to the upload URL, at most 100 MB
 * (a larger one is refused), PDF, PPT, PPTX, DOC or DOCX; LinkedIn converts it, so it is
 * PROCESSING for a moment, then AVAILABLE; other bytes end PROCESSING_FAILED. Only the caller may
 * own a member document, and an organisation's only its admins (`mayActAs`).
 */

export interface SandboxAsset {
  kind: "image" | "video" | "document";
  owner: string;
  memberId: string;
  /** Video: bytes announced at initializeUpload. */
  fileSizeBytes: number | null;
  parts: { firstByte: number; lastByte: number; etag: string | null }[];
  uploadToken: string;
  /** First bytes of the file (base64), once uploaded. */
  head: string | null;
  uploadedAt: string | null;
  finalizedAt: string | null;
}

/** An image or document asset just initialised: nothing uploaded yet, one single-part upload URL. */
function freshAsset(kind: "image" | "document", started: { owner: string; auth: { member: { id: string } } }): SandboxAsset {
  return { kind, owner: started.owner, memberId: started.auth.member.id, fileSizeBytes: null, parts: [], uploadToken: randomToken(), head: null, uploadedAt: null, finalizedAt: null };
}

const PART_BYTES = 4 * 1024 * 1024;
/** Documents API: at most 100 MB (and 300 pages, which the sandbox does not count). */
const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;
const PROCESSING_MS = 2_000;
const URL_LIFETIME_MS = 24 * 60 * 60 * 1000;
const UPLOAD_BASE = "https://www.linkedin.com/dms-uploads/sandbox";

const assetId = (prefix: string) => `${prefix}${randomToken(8).toUpperCase()}`;

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function looksLike(kind: SandboxAsset["kind"], head: string | null): boolean {
  if (head === null) return false;
  const bytes = Uint8Array.from(atob(head), (ch) => ch.charCodeAt(0));
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (kind === "video") return ascii(4, 8) === "ftyp";
  // PDF, the Office Open XML ZIP (DOCX, PPTX) or the older OLE compound file (DOC, PPT).
  if (kind === "document") return ascii(0, 5) === "%PDF-" || ascii(0, 4) === "PK\u0003\u0004" || (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0);
  return (bytes[0] === 0xff && bytes[1] === 0xd8) || ascii(1, 4) === "PNG" || ascii(0, 4) === "GIF8";
}

/** WAITING_UPLOAD, PROCESSING, AVAILABLE or PROCESSING_FAILED at `now`. */
export function assetStatus(asset: SandboxAsset, now: Date): string {
  const done = asset.kind === "video" ? asset.finalizedAt : asset.uploadedAt;
  if (!done) return "WAITING_UPLOAD";
  if (!looksLike(asset.kind, asset.head)) return "PROCESSING_FAILED";
  if (asset.kind !== "image" && now.getTime() - new Date(done).getTime() < PROCESSING_MS) return "PROCESSING";
  return "AVAILABLE";
}

export async function findAsset(deps: SimulatorDeps, urn: string): Promise<SandboxAsset | null> {
  return (await deps.store.get<SandboxAsset>("linkedin", "asset", urn))?.data ?? null;
}

const illegal = (c: Context, message: string) => restError(c, 400, "ILLEGAL_ARGUMENT", message);

export function mountMediaRoutes(app: Hono, deps: SimulatorDeps): void {
  const version = (c: Context) => c.req.header("linkedin-version") ?? "";

  /** Auth, the action name, and the owner the member may upload for. */
  async function initialize(c: Context, kind: SandboxAsset["kind"]) {
    const resource = `${kind}s.ACTION-initializeUpload.${version(c)}`;
    const auth = await authorizeMember(c, deps, resource, ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    if (c.req.query("action") !== "initializeUpload") return illegal(c, "Invalid query parameters passed to request");
    const request = (await jsonBody(c))?.initializeUploadRequest as Record<string, unknown> | undefined;
    const owner = request?.owner;
    if (typeof owner !== "string") return restError(c, 422, "UNPROCESSABLE_ENTITY", "ERROR :: /initializeUploadRequest/owner :: field is required but not found and has no default value\n");
    if (!(await mayActAs(deps, auth, owner, "write"))) return restError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`, 100);
    return { auth, owner, request };
  }

  app.post("/rest/images", async (c) => {
    const started = await initialize(c, "image");
    if (started instanceof Response) return started;
    const urn = `urn:li:image:${assetId("D4E10AQ")}`;
    const asset = freshAsset("image", started);
    await deps.store.put("linkedin", "asset", urn, asset, started.auth.member.id);
    return c.json({ value: { uploadUrlExpiresAt: deps.now().getTime() + URL_LIFETIME_MS, uploadUrl: `${UPLOAD_BASE}/images/${encodeURIComponent(urn)}?ut=${asset.uploadToken}`, image: urn } });
  });

  app.post("/rest/documents", async (c) => {
    const started = await initialize(c, "document");
    if (started instanceof Response) return started;
    const urn = `urn:li:document:${assetId("D4D10AQ")}`;
    const asset = freshAsset("document", started);
    await deps.store.put("linkedin", "asset", urn, asset, started.auth.member.id);
    return c.json({ value: { uploadUrlExpiresAt: deps.now().getTime() + URL_LIFETIME_MS, uploadUrl: `${UPLOAD_BASE}/documents/${encodeURIComponent(urn)}?ut=${asset.uploadToken}`, document: urn } });
  });

  app.put("/dms-uploads/sandbox/documents/:urn", async (c) => {
    const urn = c.req.param("urn");
    const asset = await uploader(c, urn);
    if (asset instanceof Response) return asset;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > DOCUMENT_MAX_BYTES) return illegal(c, "The document is larger than 100 MB");
    await deps.store.put("linkedin", "asset", urn, { ...asset, fileSizeBytes: bytes.byteLength, head: toBase64(bytes.subarray(0, 16)), uploadedAt: deps.now().toISOString() }, asset.memberId);
    return c.body(null, 201);
  });

  app.post("/rest/videos", async (c) => {
    if (c.req.query("action") === "finalizeUpload") return finalize(c);
    const started = await initialize(c, "video");
    if (started instanceof Response) return started;
    const size = started.request?.fileSizeBytes;
    if (typeof size !== "number" || !Number.isInteger(size) || size <= 0)
      return restError(c, 422, "UNPROCESSABLE_ENTITY", "ERROR :: /initializeUploadRequest/fileSizeBytes :: field is required but not found and has no default value\n");
    const urn = `urn:li:video:${assetId("C5505AQ")}`;
    const parts = Array.from({ length: Math.ceil(size / PART_BYTES) }, (_, i) => ({ firstByte: i * PART_BYTES, lastByte: Math.min(size, (i + 1) * PART_BYTES) - 1, etag: null }));
    const asset: SandboxAsset = {
      kind: "video",
      owner: started.owner,
      memberId: started.auth.member.id,
      fileSizeBytes: size,
      parts,
      uploadToken: parts.length > 1 ? randomToken() : "",
      head: null,
      uploadedAt: null,
      finalizedAt: null,
    };
    await deps.store.put("linkedin", "asset", urn, asset, started.auth.member.id);
    return c.json({
      value: {
        uploadUrlsExpireAt: deps.now().getTime() + URL_LIFETIME_MS,
        video: urn,
        uploadInstructions: parts.map((p, i) => ({ uploadUrl: `${UPLOAD_BASE}/videos/${encodeURIComponent(urn)}/parts/${i}?ut=${randomToken(6)}`, firstByte: p.firstByte, lastByte: p.lastByte })),
        uploadToken: asset.uploadToken,
      },
    });
  });

  async function finalize(c: Context) {
    const auth = await authorizeMember(c, deps, `videos.ACTION-finalizeUpload.${version(c)}`, ["w_member_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    const request = (await jsonBody(c))?.finalizeUploadRequest as Record<string, unknown> | undefined;
    const urn = typeof request?.video === "string" ? request.video : "";
    const asset = await findAsset(deps, urn);
    if (!asset || asset.memberId !== auth.member.id) return restError(c, 404, "NOT_FOUND", `Video ${urn} not found`);
    const ids = Array.isArray(request?.uploadedPartIds) ? request.uploadedPartIds : [];
    const complete = asset.parts.length === ids.length && asset.parts.every((p, i) => p.etag !== null && p.etag === ids[i]);
    if (!complete || (request?.uploadToken ?? "") !== asset.uploadToken) return illegal(c, "Upload parts are missing or do not match the uploaded part ids");
    await deps.store.put("linkedin", "asset", urn, { ...asset, finalizedAt: asset.finalizedAt ?? deps.now().toISOString() }, asset.memberId);
    return c.body(null, 200);
  }

  // Upload URLs: signed addresses, and the Bearer token is sent along as LinkedIn's examples do.
  async function uploader(c: Context, urn: string): Promise<SandboxAsset | Response> {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const check = await checkToken(deps, "linkedin", token);
    if (!check.ok) return restError(c, 401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600);
    const asset = await findAsset(deps, urn);
    if (!asset || asset.memberId !== check.account.id) return restError(c, 404, "NOT_FOUND", "Upload URL not found");
    return asset;
  }

  app.put("/dms-uploads/sandbox/images/:urn", async (c) => {
    const urn = c.req.param("urn");
    const asset = await uploader(c, urn);
    if (asset instanceof Response) return asset;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    await deps.store.put("linkedin", "asset", urn, { ...asset, head: toBase64(bytes.subarray(0, 16)), uploadedAt: deps.now().toISOString() }, asset.memberId);
    return c.body(null, 201);
  });

  app.put("/dms-uploads/sandbox/videos/:urn/parts/:index", async (c) => {
    const urn = c.req.param("urn");
    const asset = await uploader(c, urn);
    if (asset instanceof Response) return asset;
    const index = Number(c.req.param("index"));
    const part = asset.parts[index];
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (!part || bytes.byteLength !== part.lastByte - part.firstByte + 1) return illegal(c, "The part does not have the size of its upload instruction");
    const etag = `/ambry-video/signedId/${randomToken(12)}`;
    const parts = asset.parts.map((p, i) => (i === index ? { ...p, etag } : p));
    await deps.store.put("linkedin", "asset", urn, { ...asset, parts, head: index === 0 ? toBase64(bytes.subarray(0, 16)) : asset.head }, asset.memberId);
    return c.body(null, 200, { ETag: etag });
  });

  for (const kind of ["image", "video", "document"] as const) {
    app.get(`/rest/${kind}s/:urn`, async (c) => {
      const auth = await authorizeMember(c, deps, `${kind}s.GET.${version(c)}`, ["w_member_social", "w_organization_social", "r_organization_social"]);
      if (auth instanceof Response) return auth;
      const urn = c.req.param("urn");
      const asset = await findAsset(deps, urn);
      if (!asset || asset.kind !== kind || asset.memberId !== auth.member.id) return restError(c, 404, "NOT_FOUND", `${urn} not found`);
      const status = assetStatus(asset, deps.now());
      return c.json({
        id: urn,
        owner: asset.owner,
        status,
        ...(status === "AVAILABLE" ? { downloadUrl: `https://media.licdn.com/sandbox/${encodeURIComponent(urn)}`, downloadUrlExpiresAt: deps.now().getTime() + URL_LIFETIME_MS } : {}),
      });
    });
  }
}
