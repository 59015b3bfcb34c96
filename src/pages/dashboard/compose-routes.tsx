import type { Context } from "hono";
import { Hono } from "hono";
import { listMedia, uploadMedia } from "../../domain/publishing/index.js";
import { libraryItems } from "./media-routes.js";
import { mediaLoaderFor } from "../../domain/publishing/index.js";
import { rateGateOf } from "../../http/rate-gate.js";
import { CreatePostFields } from "../../routes/v1/posts/schema.js";
import { randomString } from "../../infra/ids.js";
import { type CreatePostRequest, type ValidationReport, createPost, getPost, validatePost } from "../../domain/publishing/index.js";
import { type SocialAccountView, listAccounts } from "../../domain/accounts/index.js";
import { ApiError } from "../../infra/errors.js";
import { ComposePage, platformsOf } from "./compose-page.js";
import { OwnFilesSlot } from "./compose-fields.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { formBody } from "./form-body.js";
import { onceForForm } from "./form-once.js";
import { ctxOf, frameOf } from "./frame.js";
import { type RequestProblem, ValidationResult } from "./post-form-parts.js";
import { type ComposeExtras, cardOptions, extrasOfPost, extrasRequest, mergeOptions, noExtras, readComposeExtras } from "./compose-extras.js";
import { allMediaOf, formMedia, previewOf } from "./compose-preview-model.js";
import { ComposePreview } from "./compose-preview.js";
import { MediaAltFields } from "./post-form-parts.js";
import { type PostForm, destinationChoices, destinationOptions, formOfPost, lengthCounts, mediaOf, noScheduleTime, readPostForm, scheduleOfForm, zones } from "./post-form-read.js";

/** Newest library files offered in Compose; older ones are a click away on the library page. */
const LIBRARY_OFFERED = 12;

type Checks = { report: ValidationReport | null; problem: RequestProblem | null };

const emptyForm = (): PostForm => ({
  text: "",
  accounts: [],
  media: [],
  mediaAlt: [],
  pastedMedia: "",
  destinations: {},
  schedule: { scheduleDate: "", scheduleTime: "", timezone: "UTC", timezoneChosen: false },
});

/**
 * The form as the API's body, read by the schema POST /v1/posts and the MCP tool `create_post`
 * read theirs with, so the same request is accepted or refused alike whichever door it came
 * through. Schedule without a time is refused here: it must never publish at once.
 */
function requestOf(form: PostForm, extras: ComposeExtras, accounts: SocialAccountView[], action: string | undefined): CreatePostRequest {
  const { media, mediaAlt } = mediaOf(form);
  const schedule = scheduleOfForm(form);
  if (action === "schedule" && !schedule) throw noScheduleTime();
  const platforms = accounts.filter((a) => form.accounts.includes(a.id)).map((a) => a.platform);
  const platformOptions = mergeOptions(destinationOptions(form, platforms), cardOptions(extras, platforms));
  const body = {
    text: form.text,
    accounts: form.accounts,
    ...(media.length ? { media, mediaAlt } : {}),
    ...(platformOptions ? { platformOptions } : {}),
    ...extrasRequest(extras, platforms, { media, mediaAlt }),
    ...(action === "schedule" && schedule ? schedule : {}),
    ...(action === "draft" ? { draft: true } : {}),
    // The profile queue's next free slot, claimed by createPost as POST /v1/posts with `queue: true` claims it.
    ...(action === "queue" ? { queue: true } : {}),
  };
  return formBody(CreatePostFields, body, { text: "text_required" }) as CreatePostRequest;
}

const problemOf = (error: ApiError): RequestProblem => ({ code: error.code, message: error.message, fix: error.fix, param: error.param });

async function checks(c: Context<DashboardEnv>, form: PostForm, extras: ComposeExtras, accounts: SocialAccountView[], action?: string): Promise<Checks> {
  const ctx = ctxOf(c);
  if (form.accounts.length === 0) return { report: null, problem: null };
  try {
    return {
      report: await validatePost({ ctx, input: requestOf(form, extras, accounts, action === "schedule" || action === "queue" ? action : undefined), loadMedia: mediaLoaderFor(ctx) }),
      problem: null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { report: null, problem: problemOf(error) };
    throw error;
  }
}

async function allAccounts(c: Context<DashboardEnv>): Promise<SocialAccountView[]> {
  return (await listAccounts({ ctx: ctxOf(c), input: { limit: 100 } })).accounts;
}

async function page(c: Context<DashboardEnv>, accounts: SocialAccountView[], form: PostForm, extras: ComposeExtras, result: Checks, status: 200 | 400 | 409 | 429, uploaded?: string) {
  const platforms = accounts.filter((a) => form.accounts.includes(a.id)).map((a) => a.platform);
  const files = await formMedia(ctxOf(c), allMediaOf(form, extras));
  const model = {
    accounts,
    form,
    extras,
    files,
    preview: await previewOf(ctxOf(c), form, extras, accounts, files),
    destinations: await destinationChoices(ctxOf(c), accounts),
    zones,
    report: result.report,
    problem: result.problem,
    counts: lengthCounts(form.text, platforms, extras.overrides),
    uploaded,
    submission: randomString(32),
    library: await libraryItems(ctxOf(c), (await listMedia({ ctx: ctxOf(c), input: { limit: LIBRARY_OFFERED } })).items),
  };
  return c.html(<ComposePage frame={frameOf(c)} model={model} />, status);
}

/**
 * Compose: validate as you type (the API's validatePost), then publish, schedule or save a
 * draft (the API's createPost, with its posts-per-minute gate); media through the API's
 * uploadMedia. Publish and Schedule are refused, keeping the form, while a network would refuse
 * the post: the API would store that target failed, which in the dashboard is a dead end.
 */
export const composeRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/compose", async (c) => {
    // "Edit and post again" from a post page: its text, accounts, media and destinations, no schedule.
    const from = c.req.query("from");
    const post = from ? await getPost({ ctx: ctxOf(c), input: { id: from.slice(0, 64) } }) : null;
    const form = post ? { ...formOfPost(post), schedule: emptyForm().schedule } : emptyForm();
    const extras = post ? extrasOfPost(post) : noExtras();
    const accounts = await allAccounts(c);
    return page(c, accounts, form, extras, post ? await checks(c, form, extras, accounts) : { report: null, problem: null }, 200);
  })
  .post("/dashboard/compose/validate", async (c) => {
    const form = readPostForm(c);
    const extras = readComposeExtras(c);
    const accounts = await allAccounts(c);
    const platforms = accounts.filter((a) => form.accounts.includes(a.id)).map((a) => a.platform);
    const result = await checks(c, form, extras, accounts);
    const preview = await previewOf(ctxOf(c), form, extras, accounts);
    return c.html(
      <>
        <ValidationResult report={result.report} problem={result.problem} counts={lengthCounts(form.text, platforms, extras.overrides)} />
        <ComposePreview targets={preview} oob />
      </>,
    );
  })
  .post("/dashboard/compose", async (c) => {
    const ctx = ctxOf(c);
    const form = readPostForm(c);
    const extras = readComposeExtras(c);
    const accounts = await allAccounts(c);
    const action = field(c, "action");
    // Preview (the way to see it without script): the page again with the checks, nothing sent.
    if (action === "preview") return page(c, accounts, form, extras, await checks(c, form, extras, accounts), 200);
    try {
      const request = requestOf(form, extras, accounts, action);
      if (action !== "draft") {
        const report = await validatePost({ ctx, input: request, loadMedia: mediaLoaderFor(ctx) });
        if (!report.valid) return page(c, accounts, form, extras, { report, problem: null }, 400);
      }
      // Fingerprinted by the request the form makes: the same form sent again goes to the same post.
      const outcome = await onceForForm(c, { path: "/dashboard/compose", body: { request } }, () => createPost({ ctx, input: request, loadMedia: mediaLoaderFor(ctx), limits: rateGateOf(c) }), 201);
      return c.redirect(`/dashboard/posts/${String(outcome.answer.id)}`, 303);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.code === "idempotency_in_progress" || error.code === "idempotency_key_reused") {
        const sent = new ApiError(error.code, { message: "This form was already sent.", fix: "Open Posts to see the post it made, or reload Compose to write a new one." });
        return page(c, accounts, form, extras, { report: null, problem: problemOf(sent) }, 409);
      }
      return page(c, accounts, form, extras, { report: null, problem: problemOf(error) }, error.code === "rate_limited" ? 429 : 400);
    }
  })
  .post("/dashboard/compose/media", async (c) => {
    const form = readPostForm(c);
    const extras = readComposeExtras(c);
    // The script's upload (with its progress bar) asks for the media list alone: the rest of the form stays as it is in the browser.
    const fragment = c.req.header("x-compose-upload") === "fragment";
    const refused = (problem: RequestProblem) =>
      fragment
        ? c.html(
            <p id="error-message">
              {problem.message} {problem.fix ?? ""}
            </p>,
            400,
          )
        : allAccounts(c).then((accounts) => page(c, accounts, form, extras, { report: null, problem }, 400));
    const file = c.var.form.file;
    if (!(file instanceof File) || file.size === 0) {
      return refused({ code: "field_required", message: "Choose a file to upload.", fix: "Pick an image or a video, then press Upload.", param: "file" });
    }
    try {
      const media = await uploadMedia({ ctx: ctxOf(c), input: { contentType: file.type || undefined, contentLength: String(file.size), body: file.stream() } });
      const next = { ...form, media: [...form.media, media.id], mediaAlt: [...form.media.map((_, i) => form.mediaAlt[i] ?? ""), ""] };
      if (fragment) {
        // The media list and each network's file choice, both with the new file; the script swaps them in.
        const files = await formMedia(ctxOf(c), allMediaOf(next, extras));
        const platforms = platformsOf(await allAccounts(c));
        return c.html(
          <>
            <MediaAltFields media={next.media} alts={next.mediaAlt} files={files} />
            {platforms.map((platform) => (
              <OwnFilesSlot platform={platform} main={next.media} extras={extras} files={files} />
            ))}
          </>,
          201,
        );
      }
      const accounts = await allAccounts(c);
      return page(c, accounts, next, extras, await checks(c, next, extras, accounts), 200, media.id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return refused(problemOf(error));
    }
  });
