/**
 * Where the Facebook Graph is: the Facebook network's own calls and Instagram's Facebook-login
 * door (its page tokens, ad accounts and login dialog) both reach these hosts, so they belong to
 * the Meta family rather than to one of its networks. Facts from shared/networks/facebook.md.
 */

/** Graph API v26.0 was released 2026-07-29; NetworkConfig.apiVersion overrides it (v25.0 is the fallback). */
export const facebookDefaultApiVersion = "v26.0";

export const facebookUrls = {
  /** Login dialog: `https://www.facebook.com/{version}/dialog/oauth`. */
  dialog: "https://www.facebook.com",
  graph: "https://graph.facebook.com",
} as const;

export const facebookHosts = ["www.facebook.com", "graph.facebook.com"] as const;
