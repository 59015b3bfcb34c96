import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListResourceTemplatesRequestSchema, ListResourcesRequestSchema, McpError, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { allCapabilities } from "../networks/derived-capabilities.js";
import { isPlatformId, platformIds } from "../networks/registry.js";

/**
 * The capability registry (GET /v1/platforms) as MCP resources: the whole registry, and one
 * network's record by URI, so an agent can keep them in context instead of calling a tool. The
 * registry is public (GET /v1/platforms needs no key), so no grant narrows it.
 */
const ALL = "chorus://platforms";
const ONE = "chorus://platforms/{platform}";
const json = "application/json";

function read(uri: string): string {
  if (uri === ALL) return JSON.stringify({ items: allCapabilities(), cursor: null });
  const platform = uri.startsWith(`${ALL}/`) ? uri.slice(ALL.length + 1) : "";
  if (!isPlatformId(platform)) throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri}: resources/list names every one (${ALL} and ${ALL}/<platform>).`);
  return JSON.stringify(allCapabilities().find((record) => record.platform === platform));
}

export function registerResources(server: Server): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: ALL,
        name: "platforms",
        title: "Every network's capabilities",
        description: "GET /v1/platforms: text and media rules, reads, actions and platformOptions of every network.",
        mimeType: json,
      },
      ...platformIds.map((platform) => ({
        uri: `${ALL}/${platform}`,
        name: `platform-${platform}`,
        title: `${platform} capabilities`,
        description: `What ${platform} accepts and offers through Chorus.`,
        mimeType: json,
      })),
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [{ uriTemplate: ONE, name: "platform", title: "One network's capabilities", description: "One record of GET /v1/platforms by network id.", mimeType: json }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => ({ contents: [{ uri: request.params.uri, mimeType: json, text: read(request.params.uri) }] }));
}
