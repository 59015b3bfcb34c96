import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { workspaces } from "../../../db/schema/index.js";
import { base64Url } from "../../../infra/base64url.js";
import { ApiError } from "../../../infra/errors.js";
import type { ApiKeyRecord, DomainContext } from "../../core/index.js";
import { assertAgentMay } from "../../agents/index.js";
import { requirePost } from "../posts/read-posts.js";

/** A reviewer has two days: long enough to be reached, short enough that a forwarded link goes stale. */
export const APPROVAL_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/*
 * The signed string names its purpose, so a signature made with the deployment's secret for
 * anything else (connect links, media URLs) never passes as an approval link.
 */
const PURPOSE = "chorus.approval-link.v1.";
const encoder = new TextEncoder();
const Payload = v.strictObject({ v: v.literal(1), workspace: v.string(), post: v.string(), mode: v.picklist(["test", "live"]), exp: v.number() });
type Payload = v.InferOutput<typeof Payload>;

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

async function sign(secret: string, payload: Payload): Promise<string> {
  const body = base64Url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(PURPOSE + body));
  return `${body}.${base64Url(new Uint8Array(signature))}`;
}

/** The signature first (constant-time verify), then the expiry: nothing of an unsigned payload is read. */
async function verify(secret: string, token: string, now: Date): Promise<Payload> {
  const invalid = new ApiError("approval_link_invalid");
  const [body, sig, extra] = token.split(".");
  const signature = sig ? fromBase64Url(sig) : null;
  const bytes = body ? fromBase64Url(body) : null;
  if (!body || !signature || !bytes || extra !== undefined) throw invalid;
  if (!(await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(PURPOSE + body)))) throw invalid;
  const parsed = v.safeParse(
    Payload,
    (() => {
      try {
        return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success) throw invalid;
  if (parsed.output.exp <= now.getTime()) throw new ApiError("approval_link_expired");
  return parsed.output;
}

/**
 * POST /v1/posts/{id}/approval-link: a link a reviewer without a workspace login opens to
 * approve or reject one post. Stateless (minting writes nothing); it is single use because its
 * one decision moves the post out of `pending_approval`, after which the link only shows what
 * was decided.
 */
export async function createApprovalLink({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ url: string; expiresAt: string }> {
  assertAgentMay(ctx, "owner", "Making an approval link");
  const post = await requirePost(ctx, input.id);
  if (post.state !== "pending_approval") {
    throw new ApiError("post_state_invalid", {
      message: `This post is ${post.state}; approval links are for posts in pending_approval.`,
      fix: "Read the post (GET /v1/posts/{id}); only a post waiting for approval gets a link.",
    });
  }
  const expiresAt = new Date(ctx.clock.now().getTime() + APPROVAL_LINK_TTL_MS);
  const token = await sign(ctx.services.signingSecret, { v: 1, workspace: ctx.workspace.id, post: post.id, mode: post.mode, exp: expiresAt.getTime() });
  return { url: `${ctx.services.publicUrl}/approve/${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The context a link acts in: its workspace and mode, with a stand-in key whose id,
 * `approval-link`, is what the post's `approval.decidedBy` and the audit show.
 */
export async function approvalLinkContext(runtime: Omit<DomainContext, "workspace" | "apiKey">, token: string): Promise<{ ctx: DomainContext; postId: string }> {
  const link = await verify(runtime.services.signingSecret, token, runtime.clock.now());
  const [workspace] = await runtime.db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, link.workspace)))
    .limit(1);
  if (!workspace) throw new ApiError("approval_link_invalid", { message: "This approval link belongs to a workspace that no longer exists." });
  const apiKey: ApiKeyRecord = {
    id: "approval-link",
    workspaceId: workspace.id,
    mode: link.mode,
    name: "approval link",
    clientName: "approval link",
    nickname: null,
    nicknameLocked: false,
    prefix: "",
  };
  return { ctx: { ...runtime, workspace, apiKey }, postId: link.post };
}
