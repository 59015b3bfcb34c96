import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinDefaultApiVersion, linkedinRestliProtocolVersion } from "./capabilities.js";

/** Headers of the versioned REST API; the version is the operator's choice or the sheet's default. */
export function linkedinRestHeaders(tokens: TokenSet, net: NetworkContext): Record<string, string> {
  return {
    authorization: `Bearer ${tokens.accessToken}`,
    "linkedin-version": net.config.apiVersion ?? linkedinDefaultApiVersion,
    "x-restli-protocol-version": linkedinRestliProtocolVersion,
    accept: "application/json",
  };
}
