import type { Context } from "hono";
import { Hono } from "hono";
import { listAccounts } from "../../domain/accounts/index.js";
import { type CreatePostRequest, type PostView, deletePost, editPost, getPost, mediaLoaderFor, publishDraft, validatePost } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { ApiError } from "../../infra/errors.js";
import { EditPostBody } from "../../routes/v1/posts/schema.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { formBody } from "./form-body.js";
import { ctxOf, frameOf } from "./frame.js";
import { PostEditPage } from "./post-edit-page.js";
import type { RequestProblem } from "./post-form-parts.js";
import { type PostForm, formOfPost, destinationChoices, destinationOptions, lengthCounts, mediaOf, noScheduleTime, readPostForm, scheduleOfForm, zones } from "./post-form-read.js";

/** The post as POST /v1/posts/validate reads it: the same checks publishing the draft will run. */
function requestOfPost(post: PostView): CreatePostRequest {
  return {
    text: post.text,
    accounts: post.targets.map((t) => t.account),
    textOverrides: post.textOverrides,
    media: post.media,
    mediaAlt: post.mediaAlt,
    mediaOverrides: post.mediaOverrides,
    mediaAltOverrides: post.mediaAltOverrides,
    platformOptions: post.platformOptions,
  } as CreatePostRequest;
}

async function editPage(
  c: Context<DashboardEnv>,
  post: PostView,
  form: PostForm,
  result: { report?: Awaited<ReturnType<typeof validatePost>> | null; problem?: RequestProblem | null },
  status: 200 | 400 | 429,
) {
  const ctx = ctxOf(c);
  const ids = post.targets.map((t) => t.account);
  const accounts = (await listAccounts({ ctx, input: { limit: 100 } })).accounts.filter((a) => ids.includes(a.id));
  const model = {
    post,
    form,
    destinations: await destinationChoices(ctx, accounts),
    zones,
    report: result.report ?? null,
    problem: result.problem ?? null,
    counts: lengthCounts(form.text, [...new Set(post.targets.map((t) => t.platform))], post.textOverrides),
  };
  return c.html(<PostEditPage frame={frameOf(c)} model={model} />, status);
}

const problemOf = (error: ApiError): RequestProblem => ({ code: error.code, message: error.message, fix: error.fix, param: error.param });

/** The form's changes as PATCH /v1/posts/{id} reads them, through the same schema. */
function changesOf(post: PostView, form: PostForm) {
  const { media, mediaAlt } = mediaOf(form);
  const schedule = post.state === "scheduled" ? scheduleOfForm(form) : null;
  if (post.state === "scheduled" && !schedule) throw noScheduleTime();
  const platformOptions = destinationOptions(
    form,
    post.targets.map((t) => t.platform),
  );
  const body = { text: form.text, media, mediaAlt, ...(platformOptions ? { platformOptions } : {}), ...(schedule ?? {}) };
  return formBody(EditPostBody, body, { text: "text_required" }) as Parameters<typeof editPost>[0]["input"]["changes"];
}

/**
 * Drafts and scheduled posts from the dashboard, through the API's own operations: editPost
 * (PATCH), publishDraft (with its posts-per-minute gate), deletePost (DELETE). A draft is
 * published only when the checks pass for every network, so a refused target never becomes a
 * failed post from here; the form comes back as typed instead.
 */
export const draftRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/posts/:id/edit", async (c) => {
    const post = await getPost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    if (post.state !== "draft" && post.state !== "scheduled") return c.redirect(`/dashboard/posts/${post.id}`, 303);
    const report = post.state === "draft" ? await validatePost({ ctx: ctxOf(c), input: requestOfPost(post), loadMedia: mediaLoaderFor(ctxOf(c)) }).catch(() => null) : null;
    return editPage(c, post, formOfPost(post), { report }, 200);
  })
  .post("/dashboard/posts/:id/edit", async (c) => {
    const ctx = ctxOf(c);
    const loadMedia = mediaLoaderFor(ctx);
    const post = await getPost({ ctx, input: { id: c.req.param("id") } });
    const form = readPostForm(c);
    let saved: PostView;
    try {
      saved = await editPost({ ctx, input: { id: post.id, changes: changesOf(post, form) }, loadMedia });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return editPage(c, post, form, { problem: problemOf(error) }, 400);
    }
    if (field(c, "action") !== "publish" || saved.state !== "draft") return c.redirect(`/dashboard/posts/${saved.id}?done=saved`, 303);
    return publishChecked(c, saved, form);
  })
  .post("/dashboard/posts/:id/publish", async (c) => {
    const post = await getPost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    // A scheduled post can be sent now too (the same operation, which frees its slot and voids its delivery).
    if (post.state !== "draft" && post.state !== "scheduled") return c.redirect(`/dashboard/posts/${post.id}`, 303);
    return publishChecked(c, post, formOfPost(post));
  })
  .post("/dashboard/posts/:id/delete", async (c) => {
    await deletePost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/posts?done=deleted", 303);
  });

/** Publishes a draft or a scheduled post now when every network's checks pass; otherwise its edit page with what to fix. */
async function publishChecked(c: Context<DashboardEnv>, post: PostView, form: PostForm) {
  const ctx = ctxOf(c);
  const loadMedia = mediaLoaderFor(ctx);
  const report = await validatePost({ ctx, input: requestOfPost(post), loadMedia });
  if (!report.valid) return editPage(c, post, form, { report }, 400);
  try {
    const published = await publishDraft({ ctx, input: { id: post.id }, loadMedia, limits: rateGateOf(c) });
    return c.redirect(`/dashboard/posts/${published.id}`, 303);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return editPage(c, post, form, { problem: problemOf(error) }, error.code === "rate_limited" ? 429 : 400);
  }
}
