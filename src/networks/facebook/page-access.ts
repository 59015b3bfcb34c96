import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookDefaultApiVersion, facebookUrls } from "./capabilities.js";
import { facebookErrorTable as table } from "./errors.js";
import { graphCollect, graphUrl } from "./graph.js";

export const facebookVersion = (net: NetworkContext) => net.config.apiVersion ?? facebookDefaultApiVersion;

/** `https://graph.facebook.com/{version}/{path}?{params}` for the configured version. */
export const facebookGraphUrl = (net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) =>
  graphUrl(facebookUrls.graph, facebookVersion(net), path, params);

const PageTokenSchema = v.object({ id: v.string(), access_token: v.string() });

export interface PageAccess {
  pageId: string;
  /** The Page access token: every publishing call acts as the page, never as the person. */
  token: string;
}

/** Every page the person manages, with its page token, read fresh from `/me/accounts`. */
export async function managedPageTokens(tokens: TokenSet, net: NetworkContext): Promise<PageAccess[]> {
  const url = facebookGraphUrl(net, "me/accounts", { fields: "id,access_token", limit: "100", access_token: tokens.accessToken });
  const pages = await graphCollect(net, table, url, PageTokenSchema);
  return pages.map((page) => ({ pageId: page.id, token: page.access_token }));
}

/**
 * The page token for one destination page. A page the person does not manage (any more) is the
 * caller's choice of destination gone wrong, named by its option so the fix is obvious.
 */
export async function pageAccess(tokens: TokenSet, net: NetworkContext, pageId: string): Promise<PageAccess> {
  const page = (await managedPageTokens(tokens, net)).find((p) => p.pageId === pageId);
  if (page) return page;
  throw new ApiError("option_invalid", {
    platform: "facebook",
    param: "platformOptions.facebook.pageId",
    message: `Page ${pageId} is not a page this Facebook account manages.`,
    fix: "Pick a page from GET /v1/social-accounts/{id}/targets, or reconnect with a person who manages the page.",
  });
}
