import { type Context, Hono } from "hono";
import { approveAgent } from "../../domain/agents/index.js";
import { type AuthorizationRequest, RedirectedRefusal, UnredirectableRequest, checkAuthorizationRequest, redirectWith } from "../../domain/agents/index.js";
import { listProfiles } from "../../domain/accounts/index.js";
import { ApiError } from "../../infra/errors.js";
import { type ConsentSelection, ConsentPage, REQUEST_FIELDS, defaultSelection, emptyGrantProblem } from "./agent-consent-page.js";
import { type DashboardEnv, dashboardHeaders, field } from "./dashboard-env.js";
import { ctxOf, frameOf } from "./frame.js";

/** Every value of a repeated form field (checkboxes). */
function fields(c: Context<DashboardEnv>, name: string): string[] {
  const value = c.var.form[name];
  const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return all.filter((v): v is string => typeof v === "string");
}

async function checked(c: Context<DashboardEnv>, params: Record<string, string | undefined>): Promise<AuthorizationRequest> {
  try {
    const ctx = ctxOf(c);
    // A client_id that is a metadata document URL is read here, for the signed-in owner and in their mode.
    return await checkAuthorizationRequest(ctx.db, c.var.baseUrl, params, {
      fetch: ctx.services.networks.guardedFetch,
      mode: ctx.apiKey.mode,
      loopbackAllowed: ctx.services.loopbackWebhooks === true,
      now: ctx.clock.now(),
    });
  } catch (error) {
    if (error instanceof UnredirectableRequest)
      throw new ApiError("field_invalid", { message: error.message, fix: "Start again from the agent: it registers itself and opens a new authorization link." });
    throw error;
  }
}

/**
 * The page's own CSP: the dashboard's, with the agent's redirect origin allowed as a form target,
 * since browsers apply `form-action` to where the form's answer redirects, too.
 */
async function consentHeaders(redirectUri: string): Promise<Record<string, string>> {
  const url = new URL(redirectUri);
  const target = url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
  const headers = await dashboardHeaders();
  return { "Content-Security-Policy": (headers["Content-Security-Policy"] ?? "").replace("form-action 'self'", `form-action 'self' ${target}`) };
}

/**
 * The consent step of the agents' OAuth flow (GET /oauth/authorize sends the browser here). It
 * runs inside a dashboard session, so only the signed-in owner can answer, with the session's
 * CSRF token; an agent holding the authorization URL alone gets the sign-in page.
 */
export const agentConsentRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/agents/authorize", async (c) => {
    const request = await checked(c, c.req.query()).catch((error: unknown) => {
      if (error instanceof RedirectedRefusal) return error;
      throw error;
    });
    if (request instanceof RedirectedRefusal) {
      return c.redirect(redirectWith(request.request.redirectUri, c.var.baseUrl, { ...request.error.body(), state: request.request.state }), 303);
    }
    const profiles = await listProfiles({ ctx: ctxOf(c), input: { limit: 100 } });
    const params = Object.fromEntries(REQUEST_FIELDS.map((name) => [name, c.req.query(name)]));
    params.redirect_uri = request.redirectUri;
    for (const [name, value] of Object.entries(await consentHeaders(request.redirectUri))) c.header(name, value);
    return c.html(
      <ConsentPage
        frame={frameOf(c)}
        model={{
          clientName: request.client.name,
          clientUri: request.client.clientUri,
          documentHost: request.client.metadataExpiresAt ? new URL(request.client.id).host : null,
          redirectUri: request.redirectUri,
          request: params,
          profiles: profiles.items,
          selection: defaultSelection,
        }}
      />,
    );
  })
  .post("/dashboard/agents/authorize", async (c) => {
    const params = Object.fromEntries(REQUEST_FIELDS.map((name) => [name, field(c, name)]));
    let request: AuthorizationRequest;
    try {
      request = await checked(c, params);
    } catch (error) {
      if (error instanceof RedirectedRefusal) return c.redirect(redirectWith(error.request.redirectUri, c.var.baseUrl, { ...error.error.body(), state: error.request.state }), 303);
      throw error;
    }
    const back = (answer: Record<string, string | undefined>) => c.redirect(redirectWith(request.redirectUri, c.var.baseUrl, { ...answer, state: request.state }), 303);
    if (field(c, "decision") !== "approve") return back({ error: "access_denied", error_description: "The workspace owner declined." });
    const selection: ConsentSelection = {
      allProfiles: field(c, "allProfiles") === "on",
      profiles: fields(c, "profiles"),
      allPlatforms: field(c, "allPlatforms") === "on",
      platforms: fields(c, "platforms"),
      actions: fields(c, "actions"),
      creditsPerDay: (field(c, "creditsPerDay") ?? "0").slice(0, 12),
      purchasedCredits: field(c, "purchasedCredits") === "on",
    };
    const problem = emptyGrantProblem(selection);
    if (problem) {
      const profiles = await listProfiles({ ctx: ctxOf(c), input: { limit: 100 } });
      for (const [name, value] of Object.entries(await consentHeaders(request.redirectUri))) c.header(name, value);
      const model = {
        clientName: request.client.name,
        clientUri: request.client.clientUri,
        documentHost: request.client.metadataExpiresAt ? new URL(request.client.id).host : null,
        redirectUri: request.redirectUri,
        request: { ...params, redirect_uri: request.redirectUri },
        profiles: profiles.items,
        selection,
        problem,
      };
      return c.html(<ConsentPage frame={frameOf(c)} model={model} />, 400);
    }
    const credits = Number(selection.creditsPerDay);
    const { code } = await approveAgent({
      ctx: ctxOf(c),
      input: {
        request,
        grant: {
          profiles: selection.allProfiles ? null : selection.profiles,
          platforms: selection.allPlatforms ? null : selection.platforms,
          actions: selection.actions,
          creditsPerDay: Number.isFinite(credits) ? credits : -1,
          purchasedCredits: selection.purchasedCredits,
        },
      },
    });
    return back({ code });
  });
