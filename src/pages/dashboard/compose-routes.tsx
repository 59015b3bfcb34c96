import type { Context } from "hono";
import { Hono } from "hono";
import { uploadMedia } from "../../domain/publishing/index.js";
import { mediaLoaderFor } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { CreatePostFields } from "../../routes/v1/posts/schema.js";
import { randomString } from "../../infra/ids.js";
import { type CreatePostRequest, type ValidationReport, createPost, validatePost } from "../../domain/publishing/index.js";
import { listAccounts } from "../../domain/accounts/index.js";
import { ApiError } from "../../infra/errors.js";
import { type ComposeDraft, ComposePage, type RequestProblem, ValidationResult } from "./compose-page.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { formBody } from "./form-body.js";
import { onceForForm } from "./form-once.js";
import { ctxOf, frameOf } from "./frame.js";

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

/**
 * The form as the API's body, read by the schema POST /v1/posts and the MCP tool `create_post`
 * read theirs with (text trimmed and at most 65,000 characters, at most 50 accounts, `med_` ids),
 * so the same request is accepted or refused alike whichever door it came through.
 */
function requestOf(draft: ComposeDraft, action: string | undefined): CreatePostRequest {
  const media = draft.media
    .split(/[\s,]+/)
    .map((m) => m.trim())
    .filter(Boolean);
  const schedule = action === "schedule" || (action === undefined && draft.scheduledAt !== "");
  const body = {
    text: draft.text,
    accounts: draft.accounts,
    ...(media.length ? { media } : {}),
    ...(schedule && draft.scheduledAt ? { scheduledAt: draft.scheduledAt, timezone: "UTC" } : {}),
    ...(action === "draft" ? { draft: true } : {}),
  };
  return formBody(CreatePostFields, body, { text: "text_required" }) as CreatePostRequest;
}

const problemOf = (error: ApiError): RequestProblem => ({ code: error.code, message: error.message, fix: error.fix, param: error.param });

async function checks(c: Context<DashboardEnv>, draft: ComposeDraft): Promise<{ report: ValidationReport | null; problem: RequestProblem | null }> {
  const ctx = ctxOf(c);
  if (draft.accounts.length === 0) return { report: null, problem: null };
  try {
    return { report: await validatePost({ ctx, input: requestOf(draft, undefined), loadMedia: mediaLoaderFor(ctx) }), problem: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { report: null, problem: problemOf(error) };
    throw error;
  }
}

async function page(c: Context<DashboardEnv>, draft: ComposeDraft, result: { report: ValidationReport | null; problem: RequestProblem | null }, status: 200 | 400 | 409 | 429, uploaded?: string) {
  const accounts = await listAccounts({ ctx: ctxOf(c), input: { limit: 100 } });
  return c.html(
    <ComposePage frame={frameOf(c)} accounts={accounts.accounts} draft={draft} report={result.report} problem={result.problem} uploaded={uploaded} submission={randomString(32)} />,
    status,
  );
}

/**
 * Compose: validate as you type (the API's validatePost), then publish, schedule or save a
 * draft (the API's createPost); media upload through the API's uploadMedia.
 */
export const composeRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/compose", async (c) => {
    const accounts = await listAccounts({ ctx: ctxOf(c), input: { limit: 100 } });
    return c.html(
      <ComposePage frame={frameOf(c)} accounts={accounts.accounts} draft={{ text: "", accounts: [], media: "", scheduledAt: "" }} report={null} problem={null} submission={randomString(32)} />,
    );
  })
  .post("/dashboard/compose/validate", async (c) => {
    const draft = draftOf(c);
    const result = await checks(c, draft);
    return c.html(<ValidationResult report={result.report} problem={result.problem} />);
  })
  .post("/dashboard/compose", async (c) => {
    const ctx = ctxOf(c);
    const draft = draftOf(c);
    try {
      const request = requestOf(draft, field(c, "action"));
      // Fingerprinted by the request the form makes: the same form sent again goes to the same post.
      const outcome = await onceForForm(c, { path: "/dashboard/compose", body: { request } }, () => createPost({ ctx, input: request, loadMedia: mediaLoaderFor(ctx), limits: rateGateOf(c) }), 201);
      return c.redirect(`/dashboard/posts/${String(outcome.answer.id)}`, 303);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.code === "idempotency_in_progress" || error.code === "idempotency_key_reused") {
        return page(
          c,
          draft,
          { report: null, problem: problemOf(new ApiError(error.code, { message: "This form was already sent.", fix: "Open Posts to see the post it made, or reload Compose to write a new one." })) },
          409,
        );
      }
      return page(c, draft, { report: null, problem: problemOf(error) }, error.code === "rate_limited" ? 429 : 400);
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
