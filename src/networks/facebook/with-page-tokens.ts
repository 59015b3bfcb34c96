import { ApiError } from "../../infra/errors.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { isPageTokenKey, managedPageTokens, type PageAccess, pageTokenKey } from "../meta/page-access.js";

/**
 * Keeps every managed page's token with the connection, read from `/me/accounts` with the
 * long-lived user token whenever Chorus obtains one (connect and renewal), so acting as a page
 * costs no Graph read first. Meta documents that a page token obtained with a long-lived user
 * token has no expiry (one obtained with a short-lived token lasts an hour, hence the long-lived
 * one here); it dies when the person changes their password, loses their role on the page or
 * removes the app, and Graph then answers code 190 (meta/page-access.ts reads `/me/accounts` again).
 *
 * A failed read keeps what was stored (nothing at connect) instead of failing the connection or
 * the renewal: the stored tokens only spare a read, every user of them falls back to a fresh
 * `/me/accounts` for a page they lack, and a person with no pages, or who declined
 * `pages_show_list`, connects today and learns at publish time what is missing. Pages no longer
 * listed lose their stored token; tokens of pages still listed are replaced by Graph's answer.
 */
export async function withPageTokens(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  let pages: PageAccess[];
  try {
    pages = await managedPageTokens(tokens, net);
  } catch (error) {
    if (error instanceof ApiError) return tokens;
    throw error;
  }
  const extra = Object.fromEntries(Object.entries(tokens.extra).filter(([key]) => !isPageTokenKey(key)));
  for (const page of pages) extra[pageTokenKey(page.pageId)] = page.token;
  return { ...tokens, extra };
}
