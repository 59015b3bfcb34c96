import type { Context } from "hono";
import { Hono } from "hono";
import { uploadMedia } from "../../domain/publishing/index.js";
import { keyedWrite } from "../../http/keyed-write.js";
import { randomString } from "../../infra/ids.js";
import { type CreatePostRequest, type ValidationReport, createPost, validatePost } from "../../domain/publishing/index.js";
import { listAccounts } from "../../domain/accounts/index.js";
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
     * form carries a random submission id, sent through the API's idempotency keys like an
     * Idempotency-Key header. The claim is linked to the post in the transaction that stores it;
     * a repeat is sent to that post. A refusal releases the claim, so the corrected form can be
     * sent again; the mode is part of what is fingerprinted, so a form sent again after a switch
     * between test and live is refused instead of showing a post of the other mode.
     */
    const submission = field(c, "submission") ?? "";
    if (!/^[0-9A-Za-z]{32}$/.test(submission)) throw new ApiError("field_invalid", { param: "submission", message: "This form is out of date.", fix: "Reload the compose page and send the post again." });
    try {
      const outcome = await keyedWrite(
        c,
        ctx,
        { key: `dashboard:${submission}`, path: "/dashboard/compose", body: { mode: ctx.apiKey.mode, request } },
        () => createPost({ ctx, input: request, loadMedia: mediaLoader(ctx) }),
        { status: 201, refusals: "thrown" },
      );
      return c.redirect(`/dashboard/posts/${String(outcome.answer.id)}`, 303);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.code === "idempotency_in_progress" || error.code === "idempotency_key_reused") {
        return page(c, draft, { report: null, problem: problemOf(new ApiError(error.code, { message: "This form was already sent.", fix: "Open Posts to see the post it made, or reload Compose to write a new one." })) }, 409);
      }
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
