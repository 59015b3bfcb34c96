/**
 * An OAuth protocol refusal, answered in the protocol's own shape (RFC 6749 §5.2, RFC 7591 §3.2.2,
 * RFC 7009 §2.2.1) rather than Chorus's error envelope: OAuth clients, the MCP SDK's among them,
 * read `error` and `error_description` and decide from `error` whether to register again, ask the
 * person again or give up.
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "unsupported_token_type"
  | "access_denied"
  | "unsupported_response_type";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
