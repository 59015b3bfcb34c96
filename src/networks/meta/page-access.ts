import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookDefaultApiVersion, facebookUrls } from "./facebook-graph.js";
import { facebookErrorTable as table } from "./facebook-errors.js";
import { graphCollect, graphUrl } from "./graph.js";

export const facebookVersion = (net: NetworkContext) => net.config.apiVersion ?? facebookDefaultApiVersion;

/** `https://graph.facebook.com/{version}/{path}?{params}` for the configured version. */
export const facebookGraphUrl = (net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) => graphUrl(facebookUrls.graph, facebookVersion(net), path, params);

const PageTokenSchema = v.object({ id: v.string(), access_token: v.string() });

export interface PageAccess {
  pageId: string;
  /** The Page access token: every publishing call acts as the page, never as the person. */
  token: string;
}

/**
 * Page tokens are kept in `TokenSet.extra`, one flat key per page (see with-page-tokens.ts for
 * when they are read). They are secrets of the same standing as the user token, and the TokenSet
 * is sealed as a whole, so they are protected exactly as the user token is.
 */
const PAGE_TOKEN_PREFIX = "pageToken:";
export const pageTokenKey = (pageId: string) => `${PAGE_TOKEN_PREFIX}${pageId}`;
export const isPageTokenKey = (key: string) => key.startsWith(PAGE_TOKEN_PREFIX);

/** The page tokens stored with the connection; none for a connection made before they were kept. */
export function storedPageTokens(tokens: TokenSet): PageAccess[] {
  return Object.entries(tokens.extra).flatMap(([key, value]) => (isPageTokenKey(key) && typeof value === "string" && value ? [{ pageId: key.slice(PAGE_TOKEN_PREFIX.length), token: value }] : []));
}

/**
 * Every page the person manages, with its page token, read fresh from `/me/accounts`. Reads that
 * span every page (notifications, conversations, the account's posts, webhook installs) use this
 * rather than the stored tokens: they mean the pages managed now, which only Graph knows.
 */
export async function managedPageTokens(tokens: TokenSet, net: NetworkContext): Promise<PageAccess[]> {
  const url = facebookGraphUrl(net, "me/accounts", { fields: "id,access_token", limit: "100", access_token: tokens.accessToken });
  const pages = await graphCollect(net, table, url, PageTokenSchema);
  return pages.map((page) => ({ pageId: page.id, token: page.access_token }));
}

/**
 * Graph refused to act as the page with this token: code 190 (expired, revoked, session
 * invalidated by a password change or a lost page role: subcodes 458/460/463/467/492) or 102,
 * which the error table turns into `needs_reauth`, or a permission refusal (#10, #200: the page
 * was taken out of what the person granted the app), `missing_permission`. Graph checks both
 * before it acts, so such a refusal wrote nothing. A stored token refused so says only that the
 * token or the page's grant changed since it was stored: `/me/accounts` says what holds now.
 * 190/459 and 190/464 (identity checks) are not in it: a fresh token would meet the same check.
 */
const refusedAsPage = (error: unknown) => error instanceof ApiError && (error.code === "needs_reauth" || error.code === "missing_permission" || error.code === "missing_scope");

/** A page the person does not manage (any more): the caller's choice of destination gone wrong, named by its option. */
export const pageNotManaged = (pageId: string) =>
  new ApiError("option_invalid", {
    platform: "facebook",
    param: "platformOptions.facebook.pageId",
    message: `Page ${pageId} is not a page this Facebook account manages.`,
    fix: "Pick a page from GET /v1/social-accounts/{id}/targets, or reconnect with a person who manages the page.",
  });

/**
 * Runs `call` as one page. The token stored with the connection is used with no Graph read;
 * a page not among the stored ones (added since, or a connection older than stored page tokens)
 * is looked up in `/me/accounts` as before. When Graph refuses a stored token, `/me/accounts` is
 * read once and `call` runs once more with the fresh token; a fresh token's refusal is final.
 *
 * Running `call` again is safe only because a token refusal means Graph did nothing with the
 * call (see refusedAsPage). A `call` that makes several requests must not make one that publishes
 * before one that may still be refused, unless repeating what came before is harmless.
 */
export async function asPage<T>(tokens: TokenSet, net: NetworkContext, pageId: string, call: (page: PageAccess) => Promise<T>, missing: (pageId: string) => ApiError = pageNotManaged): Promise<T> {
  const stored = tokens.extra[pageTokenKey(pageId)];
  let refusal: unknown = null;
  if (typeof stored === "string" && stored) {
    try {
      return await call({ pageId, token: stored });
    } catch (error) {
      if (!refusedAsPage(error)) throw error;
      refusal = error;
    }
  }
  const fresh = (await managedPageTokens(tokens, net)).find((page) => page.pageId === pageId);
  if (!fresh) throw missing(pageId);
  // Graph handed back the token it just refused: asking again would be refused the same way.
  if (refusal && fresh.token === stored) throw refusal;
  return call(fresh);
}

/** What `asEachPage`'s call answers when the object it looked for is not this page's. */
export const notOnPage = Symbol("not on this page");

/**
 * Runs `call` as each page the person manages until one holds the object (an id that does not
 * name its page: a comment, a story, a bare video id). `notHere` says which refusals mean "not
 * this page's object"; `call` may also answer `notOnPage`. The stored tokens go first; when no
 * stored page holds it, or Graph refuses a stored token, `/me/accounts` is read and the pages not
 * yet asked are tried with their fresh tokens, so a page added since connect is still found.
 * Trying the next page after a refusal is safe: neither "not here" nor a refusal to act as the page wrote anything.
 */
export async function asEachPage<T>(
  tokens: TokenSet,
  net: NetworkContext,
  call: (page: PageAccess) => Promise<T | typeof notOnPage>,
  notHere: (error: unknown) => boolean,
): Promise<T | typeof notOnPage> {
  const attempt = async (page: PageAccess) => {
    try {
      return await call(page);
    } catch (error) {
      if (notHere(error)) return notOnPage;
      throw error;
    }
  };
  const asked = new Set<string>();
  for (const page of storedPageTokens(tokens)) {
    try {
      const result = await attempt(page);
      if (result !== notOnPage) return result;
      asked.add(page.pageId);
    } catch (error) {
      if (!refusedAsPage(error)) throw error;
    }
  }
  for (const page of await managedPageTokens(tokens, net)) {
    if (asked.has(page.pageId)) continue;
    const result = await attempt(page);
    if (result !== notOnPage) return result;
  }
  return notOnPage;
}
