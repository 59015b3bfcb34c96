import { type Context, Hono } from "hono";
import * as v from "valibot";
import { type FinishedConnect, outcomeUrl } from "../../domain/accounts/index.js";
import { connectWithPassword } from "../../domain/accounts/index.js";
import { finishConnect } from "../../domain/accounts/index.js";
import { connectPage } from "../../domain/accounts/index.js";
import { startConnect } from "../../domain/accounts/index.js";
import type { AppEnv } from "../../http/context.js";
import { assertSafeInput } from "../../http/input-limits.js";
import { errorCatalogue } from "../../infra/error-catalogue.js";
import { ApiError } from "../../infra/errors.js";
import { platformIds } from "../../networks/registry.js";
import { withRuntime } from "../runtime.js";
import { ConnectListPage } from "./connect-list-page.js";
import { OutcomePage } from "./outcome-pages.js";
import { PasswordFormPage } from "./password-form-page.js";

const Token = v.pipe(v.string(), v.maxLength(8192));
const ListParams = v.object({ token: Token });
const StartParams = v.object({ token: Token, platform: v.picklist(platformIds) });
const StartQuery = v.object({ variant: v.optional(v.pipe(v.string(), v.maxLength(64))) });
const CallbackParams = v.object({ platform: v.picklist(platformIds) });
const opaque = v.optional(v.pipe(v.string(), v.maxLength(4096)));
const CallbackQuery = v.object({ state: opaque, code: opaque, error: opaque, error_description: opaque });
const PasswordForm = v.object({ handle: v.optional(v.pipe(v.string(), v.maxLength(255)), ""), appPassword: v.optional(v.pipe(v.string(), v.maxLength(255)), "") });

/** Page inputs are checked like API inputs; a failure is shown on the error page. */
function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  assertSafeInput(input);
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const key = result.issues[0]?.path?.[0]?.key;
  if (key === "platform") throw new ApiError("platform_unknown", { param: "platform", message: "No network has this identifier." });
  if (key === "token") throw new ApiError("connect_link_invalid");
  throw new ApiError("field_invalid", { param: typeof key === "string" ? key : null, message: "The request has a value this page does not accept." });
}

/** Where the person goes when the attempt is over: the returnUrl with the outcome, or our own page. */
function finish(c: Context<AppEnv>, finished: FinishedConnect, redirectStatus: 302 | 303) {
  const { outcome, returnUrl, linkUrl } = finished;
  if (outcome.status === "error" && outcome.cause !== undefined) {
    const cause = outcome.cause instanceof Error ? (outcome.cause.stack ?? outcome.cause.message) : String(outcome.cause);
    c.var.deps.logger.error("connect failed", { requestId: c.var.requestId, platform: outcome.platform, error: cause });
  }
  if (returnUrl) return c.redirect(outcomeUrl(returnUrl, outcome), redirectStatus);
  const status = outcome.status === "error" ? errorCatalogue[outcome.code].status : 200;
  return c.html(<OutcomePage outcome={outcome} linkUrl={linkUrl} />, status as 200);
}

/** The hosted connect page behind a connect link, and the OAuth callback networks return to. */
export const connectPageRoutes = new Hono<AppEnv>()
  .get("/connect/callback/:platform", (c) =>
    withRuntime(c, async (runtime) => {
      const { platform } = parse(CallbackParams, c.req.param());
      const query = parse(CallbackQuery, c.req.query());
      const finished = await finishConnect({
        runtime,
        input: { platform, state: query.state, code: query.code, error: query.error, errorDescription: query.error_description },
      });
      return finish(c, finished, 302);
    }),
  )
  .get("/connect/:token", (c) =>
    withRuntime(c, async (runtime) => {
      const { token } = parse(ListParams, c.req.param());
      const model = await connectPage({ runtime, input: { token } });
      return c.html(<ConnectListPage model={model} token={token} />);
    }),
  )
  .get("/connect/:token/start/:platform", (c) =>
    withRuntime(c, async (runtime) => {
      const params = parse(StartParams, c.req.param());
      const { variant } = parse(StartQuery, c.req.query());
      const started = await startConnect({ runtime, input: { ...params, variant } });
      if (started.kind === "password_form") {
        return c.html(<PasswordFormPage model={{ ...started, listUrl: `/connect/${params.token}` }} />);
      }
      return c.redirect(started.location, 302);
    }),
  )
  .post("/connect/:token/start/:platform", (c) =>
    withRuntime(c, async (runtime) => {
      const params = parse(StartParams, c.req.param());
      const form = parse(PasswordForm, await c.req.parseBody());
      const result = await connectWithPassword({ runtime, input: { ...params, ...form } });
      if (result.kind === "retry") {
        return c.html(<PasswordFormPage model={{ ...result, listUrl: `/connect/${params.token}` }} />, 400);
      }
      // 303: the browser follows with a GET, so a reload never posts the password again.
      return finish(c, result.finished, 303);
    }),
  );
