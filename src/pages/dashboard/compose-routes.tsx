import type { Context } from "hono";
import { Hono } from "hono";
import { beginIdempotentRequest, completeIdempotentRequest, releaseIdempotentRequest } from "../../domain/idempotency/idempotency-store.js";
import { uploadMedia } from "../../domain/media/upload-media.js";
import { canonicalJson, sha256Hex } from "../../infra/crypto.js";
import { randomString } from "../../infra/ids.js";
import { type CreatePostRequest, type ValidationReport, createPost, validatePost } from "../../domain/posts/create-post.js";
import { listAccounts } from "../../domain/social-accounts/account-queries.js";
import { ApiError } from "../../infra/errors.js";
import { type ComposeDraft, ComposePage, type RequestProblem, ValidationResult } from "./compose-page.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf, frameOf } from "./frame.js";
import { mediaLoader } from "./media-loader.js";

const MAX_TEXT = 100_000;

function draftOf(c: Context<DashboardEnv>): ComposeDraft {
  const accounts = c.var.form.accounts;
  const list = Array.isArray(accounts) ? accounts : accounts === undefined ? [] : [accounts];
  return {
    text: (field(c, "text") ?? "").slice(0, MAX_TEXT),
    accounts: list.filter((a): a is string => typeof a === "string").slice(0, 100),
    media: field(c, "media") ?? "",
    scheduledAt: field(c, "scheduledAt") ?? "",
  };
}

/** The form as the API's body: the same request POST /v1/posts takes, so the same checks apply. */
function requestOf(draft: ComposeDraft, action: string | undefined): CreatePostRequest {
  const media = draft.media
    .split(/[\s,]+/)
    .map((m) => m.trim())
    .filter(Boolean);
  const schedule = action === "schedule" || (action === undefined && draft.scheduledAt !== "");
  return {
    text: draft.text,
    accounts: draft.accounts,
    ...(media.length ? { media } : {}),
    ...(schedule && draft.scheduledAt ? { scheduledAt: draft.scheduledAt, timezone: "UTC" } : {}),
    ...(action === "draft" ? { draft: true } : {}),
  };
}

const problemOf = (error: ApiError): RequestProblem => ({ code: error.code, message: error.message, fix: error.fix, param: error.param });

async function checks(c: Context<DashboardEnv>, request: CreatePostRequest): Promise<{ report: ValidationReport | null; problem: RequestProblem | null }> {
  const ctx = ctxOf(c);
  if (request.accounts?.length === 0) return { report: null, problem: null };
  try {
    return { report: await validatePost({ ctx, input: request, loadMedia: mediaLoader(ctx) }), problem: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { report: null, problem: problemOf(error) };
    throw error;
  }
}

async function page(c: Context<DashboardEnv>, draft: ComposeDraft, result: { report: ValidationReport | null; problem: RequestProblem | null }, status: 200 | 400 | 409, uploaded?: string) {
  const accounts = await listAccounts({ ctx: ctxOf(c), input: { limit: 100 } });
  return c.html(<ComposePage frame={frameOf(c)} accounts={accounts.accounts} draft={draft} report={result.report} problem={result.problem} uploaded={uploaded} submission={randomString(32)} />, status);
}

/**
 * Compose: validate as you type (the API's validatePost), then publish, schedule or save a
 * draft (the API's createPost); media upload through the API's uploadMedia.
 */
export const composeRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/compose", async (c) => {
    const accounts = await listAccounts({ ctx: ctxOf(c), input: { limit: 100 } });
    return c.html(<ComposePage frame={frameOf(c)} accounts={accounts.accounts} draft={{ text: "", accounts: [], media: "", scheduledAt: "" }} report={null} problem={null} submission={randomString(32)} />);
  })
  .post("/dashboard/compose/validate", async (c) => {
    const draft = draftOf(c);
    const result = await checks(c, requestOf(draft, undefined));
    return c.html(<ValidationResult report={result.report} problem={result.problem} />);
  })
  .post("/dashboard/compose", async (c) => {
    const ctx = ctxOf(c);
    const draft = draftOf(c);
    const request = requestOf(draft, field(c, "action"));
    /*
     * A double click, or a reload of the answer, must not publish twice: each rendering of the
     * form carries a random submission id, claimed in the API's idempotency store like an
     * Idempotency-Key. The claim is linked to the post in the transaction that stores it; a
     * repeat is sent to that post.
     */
    const submission = field(c, "submission") ?? "";
    if (!/^[0-9A-Za-z]{32}$/.test(submission)) throw new ApiError("field_invalid", { param: "submission", message: "This form is out of date.", fix: "Reload the compose page and send the post again." });
    const key = `dashboard:${submission}`;
    const claim = { workspaceId: ctx.workspace.id, key };
    const begun = await beginIdempotentRequest(ctx.db, { ...claim, fingerprint: await sha256Hex(canonicalJson({ mode: ctx.apiKey.mode, request })), now: ctx.clock.now() });
    if (begun.kind === "replay") return c.redirect(`/dashboard/posts/${begun.body}`, 303);
    if (begun.kind === "recover") return c.redirect(`/dashboard/posts/${begun.postId}`, 303);
    if (begun.kind !== "execute") {
      const code = begun.kind === "in_progress" ? "idempotency_in_progress" : "idempotency_key_reused";
      return page(c, draft, { report: null, problem: problemOf(new ApiError(code, { message: "This form was already sent.", fix: "Open Posts to see the post it made, or reload Compose to write a new one." })) }, 409);
    }
    try {
      const post = await createPost({ ctx: { ...ctx, idempotency: { key } }, input: request, loadMedia: mediaLoader(ctx) });
      await completeIdempotentRequest(ctx.db, { ...claim, status: 303, body: post.id, headers: {} });
      return c.redirect(`/dashboard/posts/${post.id}`, 303);
    } catch (error) {
      await releaseIdempotentRequest(ctx.db, claim);
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return page(c, draft, { report: null, problem: problemOf(error) }, 400);
    }
  })
  .post("/dashboard/compose/media", async (c) => {
    const draft = { ...draftOf(c), accounts: [] };
    const file = c.var.form.file;
    if (!(file instanceof File) || file.size === 0) {
      return page(c, draft, { report: null, problem: { code: "field_required", message: "Choose a file to upload.", fix: null, param: "file" } }, 400);
    }
    try {
      const media = await uploadMedia({ ctx: ctxOf(c), input: { contentType: file.type || undefined, contentLength: String(file.size), body: file.stream() } });
      const ids = [draft.media, media.id].filter(Boolean).join(", ");
      return page(c, { ...draft, media: ids }, { report: null, problem: null }, 200, media.id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return page(c, draft, { report: null, problem: problemOf(error) }, 400);
    }
  });
