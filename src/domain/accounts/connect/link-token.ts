import * as v from "valibot";
import { ApiError } from "../../../infra/errors.js";
import { platformIds } from "../../../networks/registry.js";

/** What a connect link grants: connecting accounts into one workspace, in one mode, until `expiresAt`. */
export interface ConnectLink {
  workspaceId: string;
  mode: "test" | "live";
  /** The profile new accounts are attached to, or null. */
  profileId: string | null;
  /** Where the person is sent back with the outcome, or null for our own result page. */
  returnUrl: string | null;
  /** The networks the page offers; null offers every network. */
  platforms: (typeof platformIds)[number][] | null;
  expiresAt: Date;
}

const Payload = v.strictObject({
  v: v.literal(1),
  workspace: v.string(),
  mode: v.picklist(["test", "live"]),
  profile: v.nullable(v.string()),
  returnUrl: v.nullable(v.string()),
  platforms: v.nullable(v.array(v.picklist(platformIds))),
  exp: v.number(),
});

/*
 * The signed string names its purpose and version, so a signature made with the same secret for
 * anything else (app links, future tokens) can never pass as a connect link.
 */
const PURPOSE = "chorus.connect-link.v1.";
const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

/** `<base64url JSON payload>.<base64url HMAC-SHA256>`: stateless, so minting a link writes nothing. */
export async function signConnectLink(secret: string, link: ConnectLink): Promise<string> {
  const payload = {
    v: 1,
    workspace: link.workspaceId,
    mode: link.mode,
    profile: link.profileId,
    returnUrl: link.returnUrl,
    platforms: link.platforms,
    exp: link.expiresAt.getTime(),
  } satisfies v.InferOutput<typeof Payload>;
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(PURPOSE + body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * The link a token grants, or `connect_link_invalid` (altered, or signed with another secret)
 * or `connect_link_expired`. The signature is checked first, with WebCrypto's constant-time
 * verify, so nothing in an unsigned payload is ever read, not even its expiry.
 */
export async function verifyConnectLink(secret: string, token: string, now: Date): Promise<ConnectLink> {
  const invalid = () => new ApiError("connect_link_invalid", { message: "This connect link is not valid: it was altered, or was not made by this server." });
  const parts = token.split(".");
  const body = parts[0];
  const signature = parts.length === 2 && parts[1] ? fromBase64Url(parts[1]) : null;
  if (!body || !signature || !fromBase64Url(body)) throw invalid();
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(PURPOSE + body));
  if (!valid) throw invalid();
  let parsed: v.InferOutput<typeof Payload>;
  try {
    parsed = v.parse(Payload, JSON.parse(new TextDecoder().decode(fromBase64Url(body) ?? new Uint8Array())));
  } catch {
    throw invalid();
  }
  if (parsed.exp <= now.getTime()) {
    throw new ApiError("connect_link_expired", { message: "This connect link expired. Links work for 15 minutes after they are made." });
  }
  return {
    workspaceId: parsed.workspace,
    mode: parsed.mode,
    profileId: parsed.profile,
    returnUrl: parsed.returnUrl,
    platforms: parsed.platforms,
    expiresAt: new Date(parsed.exp),
  };
}
