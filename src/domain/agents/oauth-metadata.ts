import { AUTH_METHODS } from "./oauth-clients.js";
import { AGENT_SCOPE } from "./oauth-tokens.js";

/**
 * Where an MCP client learns how to authorise (MCP authorization, protocol revision 2025-11-25):
 * the protected resource's metadata (RFC 9728) names this server as its own authorization
 * server, whose metadata (RFC 8414) lists the endpoints. The issuer is the server's base URL,
 * so both documents live at the root's well-known paths.
 */
export const protectedResourceMetadataUrl = (baseUrl: string): string => `${baseUrl}/.well-known/oauth-protected-resource/v1/mcp`;

export function protectedResourceMetadata(baseUrl: string): Record<string, unknown> {
  return {
    resource: `${baseUrl}/v1/mcp`,
    authorization_servers: [baseUrl],
    bearer_methods_supported: ["header"],
    scopes_supported: [AGENT_SCOPE],
    resource_name: "Chorus unified social media API (MCP)",
    resource_documentation: `${baseUrl}/docs`,
  };
}

export function authorizationServerMetadata(baseUrl: string): Record<string, unknown> {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    registration_endpoint: `${baseUrl}/oauth/register`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: [...AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...AUTH_METHODS],
    scopes_supported: [AGENT_SCOPE],
    authorization_response_iss_parameter_supported: true,
    // An agent may use the HTTPS URL of its metadata document as client_id instead of registering (client-metadata-document.ts).
    client_id_metadata_document_supported: true,
    service_documentation: `${baseUrl}/docs`,
  };
}
