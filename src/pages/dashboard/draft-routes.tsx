import type { Context } from "hono";
import { Hono } from "hono";
import { type SocialAccountView, listAccounts } from "../../domain/accounts/index.js";
import { type CreatePostRequest, type PostView, deletePost, editPost, getPost, mediaLoaderFor, publishDraft, validatePost } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { ApiError } from "../../infra/errors.js";
import { CreatePostFields, EditPostBody } from "../../routes/v1/posts/schema.js";
import { type ComposeExtras, cardOptions, extrasOfPost, mediaOverridesRequest, mergeOptions, readComposeExtras, repliesChange, repliesOf } from "./compose-extras.js";
import { allMediaOf, formMedia, previewOf } from "./compose-preview-model.js";
import { ComposePreview } from "./compose-preview.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { formBody } from "./form-body.js";
import { ctxOf, frameOf } from "./frame.js";
import { PostEditPage } from "./post-edit-page.js";
import { type RequestProblem, ValidationResult } from "./post-form-parts.js";
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
    ...(post.firstComment ? { firstComment: post.firstComment } : {}),
    ...(post.thread && post.thread.length > 0 ? { thread: post.thread } : {}),
  } as CreatePostRequest;
}

/** The post's accounts, as the preview and the destination pickers read them. */
async function accountsOf(c: Context<DashboardEnv>, post: PostView): Promise<SocialAccountView[]> {
  const ids = post.targets.map((t) => t.account);
  return (await listAccounts({ ctx: ctxOf(c), input: { limit: 100 } })).accounts.filter((a) => ids.includes(a.id));
}

const platformsOf = (post: PostView) => [...new Set(post.targets.map((t) => t.platform))];

/** The edit form as sent; its accounts are the post's (the form cannot change them). */
function readEdit(c: Context<DashboardEnv>, post: PostView): { form: PostForm; extras: ComposeExtras } {
  return { form: { ...readPostForm(c), accounts: post.targets.map((t) => t.account) }, extras: readComposeExtras(c) };
}

async function editPage(
  c: Context<DashboardEnv>,
  post: PostView,
  typed: { form: PostForm; extras: ComposeExtras },
  result: { report?: Awaited<ReturnType<typeof validatePost>> | null; problem?: RequestProblem | null },
  status: 200 | 400 | 429,
) {
  const ctx = ctxOf(c);
  const { form, extras } = typed;
  const accounts = await accountsOf(c, post);
  const files = await formMedia(ctx, allMediaOf(form, extras));
  const model = {
    post,
    form,
    extras,
    files,
    preview: await previewOf(ctx, form, extras, accounts, files),
    destinations: await destinationChoices(ctx, accounts),
    zones,
    report: result.report ?? null,
    problem: result.problem ?? null,
    counts: lengthCounts(form.text, platformsOf(post), extras.overrides),
  };
  return c.html(<PostEditPage frame={frameOf(c)} model={model} />, status);
}

const problemOf = (error: ApiError): RequestProblem => ({ code: error.code, message: error.message, fix: error.fix, param: error.param });

/** Everything the form sets, as fields of the API's post: text and files, per network too, destinations and link cards. */
function contentOf(post: PostView, form: PostForm, extras: ComposeExtras) {
  const platforms = platformsOf(post);
  const { media, mediaAlt } = mediaOf(form);
  const textOverrides = Object.fromEntries(Object.entries(extras.overrides).filter(([platform]) => platforms.includes(platform)));
  // The stored card choice counts: only a change is sent, so an untouched post keeps its options as they were.
  const platformOptions = mergeOptions(destinationOptions(form, platforms), cardOptions(extras, platforms, extrasOfPost(post).cardOff));
  return { text: form.text, textOverrides, media, mediaAlt, ...mediaOverridesRequest({ media, mediaAlt }, extras, platforms), ...(platformOptions ? { platformOptions } : {}) };
}

/** The edited post as POST /v1/posts/validate reads it, for the checks as you type. */
function requestOfEdit(post: PostView, form: PostForm, extras: ComposeExtras): CreatePostRequest {
  const content = contentOf(post, form, extras);
  const { firstComment, thread } = repliesOf(extras, post);
  const replies = { ...(firstComment ? { firstComment } : {}), ...(thread.length > 0 ? { thread } : {}) };
  const body = { ...content, ...replies, accounts: form.accounts, platformOptions: mergeOptions(post.platformOptions, content.platformOptions) };
  return formBody(CreatePostFields, body, { text: "text_required" }) as CreatePostRequest;
}

/**
 * The form's changes as PATCH /v1/posts/{id} reads them, through the same schema; per-network text
 * and files are sent whole, as the form shows them all; the first comment and the chain only when
 * changed (replacing a chain re-creates its items).
 */
function changesOf(post: PostView, form: PostForm, extras: ComposeExtras) {
  const schedule = post.state === "scheduled" ? scheduleOfForm(form) : null;
  if (post.state === "scheduled" && !schedule) throw noScheduleTime();
  const body = { ...contentOf(post, form, extras), ...repliesChange(extras, post), ...(schedule ?? {}) };
  return formBody(EditPostBody, body, { text: "text_required" }) as Parameters<typeof editPost>[0]["input"]["changes"];
}

async function checksOf(c: Context<DashboardEnv>, post: PostView, form: PostForm, extras: ComposeExtras) {
  const ctx = ctxOf(c);
  try {
    return { report: await validatePost({ ctx, input: requestOfEdit(post, form, extras), loadMedia: mediaLoaderFor(ctx) }), problem: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { report: null, problem: problemOf(error) };
  }
}

/** The post when it can still be edited (a draft or a scheduled post); null once it has gone out. */
async function editable(c: Context<DashboardEnv>): Promise<PostView | null> {
  const post = await getPost({ ctx: ctxOf(c), input: { id: c.req.param("id") ?? "" } });
  return post.state === "draft" || post.state === "scheduled" ? post : null;
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
    return editPage(c, post, { form: formOfPost(post), extras: extrasOfPost(post) }, { report }, 200);
  })
  .post("/dashboard/posts/:id/edit/check", async (c) => {
    // The checks and the preview as you type: nothing is saved.
    const post = await editable(c);
    if (!post) return c.body(null, 204);
    const { form, extras } = readEdit(c, post);
    const result = await checksOf(c, post, form, extras);
    const preview = await previewOf(ctxOf(c), form, extras, await accountsOf(c, post));
    return c.html(
      <>
        <ValidationResult report={result.report} problem={result.problem} counts={lengthCounts(form.text, platformsOf(post), extras.overrides)} />
        <ComposePreview targets={preview} oob />
      </>,
    );
  })
  .post("/dashboard/posts/:id/edit", async (c) => {
    const ctx = ctxOf(c);
    const loadMedia = mediaLoaderFor(ctx);
    const post = await getPost({ ctx, input: { id: c.req.param("id") } });
    const typed = readEdit(c, post);
    // Preview (the way to see it without script): the page again with the checks, nothing saved.
    if (field(c, "action") === "preview") return editPage(c, post, typed, await checksOf(c, post, typed.form, typed.extras), 200);
    let saved: PostView;
    try {
      saved = await editPost({ ctx, input: { id: post.id, changes: changesOf(post, typed.form, typed.extras) }, loadMedia });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return editPage(c, post, typed, { problem: problemOf(error) }, 400);
    }
    if (field(c, "action") !== "publish" || saved.state !== "draft") return c.redirect(`/dashboard/posts/${saved.id}?done=saved`, 303);
    return publishChecked(c, saved, typed);
  })
  .post("/dashboard/posts/:id/publish", async (c) => {
    const post = await getPost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    // A scheduled post can be sent now too (the same operation, which frees its slot and voids its delivery).
    if (post.state !== "draft" && post.state !== "scheduled") return c.redirect(`/dashboard/posts/${post.id}`, 303);
    return publishChecked(c, post, { form: formOfPost(post), extras: extrasOfPost(post) });
  })
  .post("/dashboard/posts/:id/delete", async (c) => {
    await deletePost({ ctx: ctxOf(c), input: { id: c.req.param("id") } });
    return c.redirect("/dashboard/posts?done=deleted", 303);
  });

/** Publishes a draft or a scheduled post now when every network's checks pass; otherwise its edit page with what to fix. */
async function publishChecked(c: Context<DashboardEnv>, post: PostView, form: { form: PostForm; extras: ComposeExtras }) {
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
