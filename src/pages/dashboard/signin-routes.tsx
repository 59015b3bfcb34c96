import { Hono } from "hono";
import * as v from "valibot";
import { redeemAppLink } from "../../domain/workspaces/index.js";
import type { AppEnv } from "../../http/context.js";
import { ApiError } from "../../infra/errors.js";
import { withRuntime } from "../runtime.js";
import { setSessionCookie } from "./dashboard-env.js";
import { SigninPage } from "./signin-pages.js";

const Token = v.pipe(v.string(), v.regex(/^al_[0-9A-Za-z]{43}$/));

function token(raw: string): string {
  const parsed = v.safeParse(Token, raw);
  if (!parsed.success) throw new ApiError("app_link_invalid");
  return parsed.output;
}

/**
 * Sign-in: the one route that works without a session. Signing in from another site's
 * form is refused (login CSRF would put the person in someone else's workspace): a browser
 * names the form's origin, and it must be ours.
 */
export const signinRoutes = new Hono<AppEnv>()
  .get("/dashboard/signin/:token", (c) => c.html(<SigninPage token={token(c.req.param("token"))} />))
  .post("/dashboard/signin/:token", (c) =>
    withRuntime(c, async (runtime) => {
      const origin = c.req.header("origin");
      const ours = [new URL(c.req.url).origin, new URL(c.var.baseUrl).origin];
      if (origin !== undefined && !ours.includes(origin)) throw new ApiError("csrf_token_invalid", { message: "This sign-in form was sent from another site." });
      const opened = await redeemAppLink({ runtime, input: { token: token(c.req.param("token")) } });
      setSessionCookie(c, opened.sessionToken, Math.floor((opened.expiresAt.getTime() - runtime.clock.now().getTime()) / 1000));
      // 303: the browser follows with a GET, so a reload never posts the spent link again.
      return c.redirect("/dashboard", 303);
    }),
  );
