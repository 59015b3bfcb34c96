import * as v from "valibot";
import { expect } from "vitest";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinDefaultApiVersion } from "../../src/networks/linkedin/capabilities.js";
import type { PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkConfig } from "../../src/networks/types.js";
import type { SandboxLinkedinPost } from "../../src/sandbox/linkedin/posts.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import type { CapturedRequest } from "../support/openapi-request-check.js";
import { connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia } from "./harness.js";

/**
 * What the LinkedIn publishing tests share: a simulator with both LinkedIn products, connecting
 * through either door, and the check of every request against LinkedIn's documented payloads
 * (LinkedIn publishes no OpenAPI document: hand-written schemas of the Posts, Images and Videos
 * APIs, learn.microsoft.com, and the versioned-REST headers).
 */

export const publish = required(linkedinAdapter, "publish");
export const checkPublish = required(linkedinAdapter, "checkPublish");
export const findPublished = required(linkedinAdapter, "findPublished");
export const deletePost = required(linkedinAdapter, "deletePost");
export const targets = required(linkedinAdapter, "targets");

// An app with both LinkedIn products, so each test can pick its door.
export const config: NetworkConfig = {
  clientId: "sandbox-li-client",
  clientSecret: "sandbox-li-secret",
  redirectUri: "https://chorus.test/v1/connect/callback/linkedin",
  products: ["member", "organization"],
};
export const setup = async () => {
  const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config });
  await registerSandboxLinkedinApp(ctx.store, config.clientId, ["member", "organization"]);
  return ctx;
};
/** Connects as `handle` through the `member` door (OpenID + Share on LinkedIn) or `organization` (Community Management). */
export const connect = async (ctx: Sandbox, handle: string, variant: "member" | "organization" = "member") => (await connectThroughConsent(linkedinAdapter, ctx.net, { handle, variant })).tokens;
export const post = (text: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({ text, media: [], options: {}, destination: null, targetId: "tgt_li", ...extra });

// The documented payloads, strict: a field LinkedIn does not document fails the test.
export const Urn = (kind: string) => v.pipe(v.string(), v.regex(new RegExp(`^urn:li:${kind}:[A-Za-z0-9_-]+$`)));
export const MediaContent = v.strictObject({ id: v.union([Urn("image"), Urn("video")]), title: v.optional(v.string()), altText: v.optional(v.string()) });
export const PostBody = v.strictObject({
  author: v.union([Urn("person"), Urn("organization")]),
  commentary: v.pipe(v.string(), v.maxLength(3000)),
  visibility: v.picklist(["PUBLIC", "CONNECTIONS", "LOGGED_IN"]),
  distribution: v.strictObject({ feedDistribution: v.picklist(["MAIN_FEED", "NONE"]), targetEntities: v.array(v.unknown()), thirdPartyDistributionChannels: v.array(v.unknown()) }),
  lifecycleState: v.literal("PUBLISHED"),
  isReshareDisabledByAuthor: v.boolean(),
  content: v.optional(
    v.union([
      v.strictObject({ media: MediaContent }),
      v.strictObject({ multiImage: v.strictObject({ images: v.pipe(v.array(v.strictObject({ id: Urn("image"), altText: v.optional(v.string()) })), v.minLength(2), v.maxLength(20)) }) }),
      v.strictObject({ article: v.strictObject({ source: v.string(), title: v.string(), description: v.optional(v.string()) }) }),
    ]),
  ),
});
export const ImagesInit = v.strictObject({ initializeUploadRequest: v.strictObject({ owner: v.union([Urn("person"), Urn("organization")]) }) });
export const VideosInit = v.strictObject({
  initializeUploadRequest: v.strictObject({ owner: v.union([Urn("person"), Urn("organization")]), fileSizeBytes: v.number(), uploadCaptions: v.boolean(), uploadThumbnail: v.boolean() }),
});
export const VideosFinalize = v.strictObject({ finalizeUploadRequest: v.strictObject({ video: Urn("video"), uploadToken: v.string(), uploadedPartIds: v.array(v.string()) }) });

export const bodySchemas: Record<string, v.GenericSchema> = {
  "POST /rest/posts": PostBody,
  "POST /rest/images?action=initializeUpload": ImagesInit,
  "POST /rest/videos?action=initializeUpload": VideosInit,
  "POST /rest/videos?action=finalizeUpload": VideosFinalize,
};

export const key = (r: CapturedRequest) => {
  const url = new URL(r.url);
  return `${r.method} ${url.pathname}${url.searchParams.get("action") ? `?action=${url.searchParams.get("action")}` : ""}`;
};

/** Every /rest call carries the version headers; every JSON body fits its documented payload. */
export function expectDocumentedRequests(ctx: Sandbox): void {
  for (const request of ctx.requests) {
    const url = new URL(request.url);
    if (url.host !== "api.linkedin.com" || !url.pathname.startsWith("/rest/")) continue;
    expect(request.headers["linkedin-version"], key(request)).toBe(linkedinDefaultApiVersion);
    expect(request.headers["x-restli-protocol-version"]).toBe("2.0.0");
    expect(request.headers.authorization).toMatch(/^Bearer /);
    const schema = bodySchemas[key(request)];
    if (schema) {
      expect(request.headers["content-type"]).toBe("application/json");
      const result = v.safeParse(schema, JSON.parse(request.body ?? "null"));
      expect(result.success ? [] : result.issues.map((i) => `${v.getDotPath(i) ?? ""}: ${i.message}`), key(request)).toEqual([]);
    } else {
      expect(request.body, `${key(request)} has no documented body`).toBeNull();
    }
  }
}

export const paths = (ctx: Sandbox) =>
  ctx.requests.map((r) =>
    key(r)
      .replace(/urn%3Ali%3A\w+%3A[\w-]+/g, "{urn}")
      .replace(/\/(images|videos)\/urn[^/]*/, "/$1/{urn}"),
  );
export const lastPostBody = (ctx: Sandbox) => JSON.parse([...ctx.requests].reverse().find((r) => key(r) === "POST /rest/posts")?.body ?? "null") as Record<string, unknown>;

export async function stored(ctx: Sandbox, urn: string): Promise<SandboxLinkedinPost | null> {
  return (await ctx.store.get<SandboxLinkedinPost>("linkedin", "post", urn))?.data ?? null;
}

export const png = (alt: string | null = null) => sampleMedia({ kind: "image", mimeType: "image/png", alt });
