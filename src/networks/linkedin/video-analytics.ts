import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";
import { linkedinRestHeaders } from "./rest-headers.js";

/**
 * A LinkedIn post's video numbers. A company-page post: the Video Analytics API,
 * `GET /rest/videoAnalytics?q=entity&entity={urn}&type=VIDEO_VIEW|TIME_WATCHED&aggregation=ALL`
 * (r_organization_social; VIDEO_VIEW counts plays of at least 3 s, TIME_WATCHED is milliseconds).
 * A member's own post: Member Video Statistics, `GET /rest/memberCreatorVideoAnalytics?q=entity&
 * entity={urn}&queryType=VIDEO_PLAY|VIDEO_WATCH_TIME&aggregation=TOTAL` (r_member_postAnalytics;
 * plays of at least 2 s, watch time in milliseconds). A post without a video returns no elements:
 * views are asked first and watch time only when there are some, so a text post costs one call.
 */

const OrgElements = v.object({ elements: v.array(v.object({ value: v.union([v.number(), v.string()]) })) });
const MemberElements = v.object({ elements: v.array(v.object({ count: v.number() })) });

export interface LinkedinVideoNumbers {
  networkMetrics: Record<string, number>;
  videoViews: number | null;
  watchTimeSeconds: number | null;
}

const none: LinkedinVideoNumbers = { networkMetrics: {}, videoViews: null, watchTimeSeconds: null };

async function read<S extends v.GenericSchema>(tokens: TokenSet, net: NetworkContext, query: Record<string, string>, path: string, schema: S): Promise<v.InferOutput<S>> {
  const url = new URL(`${linkedinUrls.rest}/${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await callNetwork(net, linkedinErrorTable, url.toString(), { headers: linkedinRestHeaders(tokens, net) });
  return parseNetworkBody("linkedin", schema, response.body, path);
}

export async function linkedinVideoNumbers(tokens: TokenSet, net: NetworkContext, urn: string, organization: boolean): Promise<LinkedinVideoNumbers> {
  if (organization) {
    const ask = async (type: string) => {
      const body = await read(tokens, net, { q: "entity", entity: urn, type, aggregation: "ALL" }, "videoAnalytics", OrgElements);
      return body.elements.length === 0 ? null : body.elements.reduce((sum, e) => sum + Number(e.value), 0);
    };
    const views = await ask("VIDEO_VIEW");
    if (views === null) return none;
    const watched = await ask("TIME_WATCHED");
    return { networkMetrics: { VIDEO_VIEW: views, ...(watched === null ? {} : { TIME_WATCHED: watched }) }, videoViews: views, watchTimeSeconds: watched === null ? null : Math.round(watched / 1000) };
  }
  const ask = async (queryType: string) => {
    const body = await read(tokens, net, { q: "entity", entity: urn, queryType, aggregation: "TOTAL" }, "memberCreatorVideoAnalytics", MemberElements);
    return body.elements.length === 0 ? null : body.elements.reduce((sum, e) => sum + e.count, 0);
  };
  const plays = await ask("VIDEO_PLAY");
  if (plays === null) return none;
  const watched = await ask("VIDEO_WATCH_TIME");
  return {
    networkMetrics: { VIDEO_PLAY: plays, ...(watched === null ? {} : { VIDEO_WATCH_TIME: watched }) },
    videoViews: plays,
    watchTimeSeconds: watched === null ? null : Math.round(watched / 1000),
  };
}
