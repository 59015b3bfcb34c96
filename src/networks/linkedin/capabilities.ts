import type { NetworkCapabilities } from "../capabilities-schema.js";

/** LinkedIn facts (sheet: ../networks/linkedin.md). No official OpenAPI exists. */
export const linkedinUrls = {
  authorize: "https://www.linkedin.com/oauth/v2/authorization",
  token: "https://www.linkedin.com/oauth/v2/accessToken",
  /** RFC 7009-style revoke (form: token, client_id, client_secret); not in the sheet, widely used. */
  revoke: "https://www.linkedin.com/oauth/v2/revoke",
  /** Versioned REST: every call needs `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`. */
  rest: "https://api.linkedin.com/rest",
  /** OpenID Connect userinfo lives on the legacy /v2 base, without a version header. */
  userinfo: "https://api.linkedin.com/v2/userinfo",
  /** The member's own profile under `r_basicprofile` (Community Management apps have no `openid`). */
  me: "https://api.linkedin.com/v2/me",
  companyPage: "https://www.linkedin.com/company/",
  /** A post's public page: `https://www.linkedin.com/feed/update/<post URN>/`. */
  feedUpdate: "https://www.linkedin.com/feed/update/",
} as const;

/**
 * Default `LinkedIn-Version` (YYYYMM). Each version is served about a year; a sunset one answers
 * 426. Operators override it with NetworkConfig.apiVersion; bump it quarterly.
 */
export const linkedinDefaultApiVersion = "202609";
export const linkedinRestliProtocolVersion = "2.0.0";

export const linkedinScopes = {
  openid: "openid",
  profile: "profile",
  email: "email",
  basicProfile: "r_basicprofile",
  memberSocial: "w_member_social",
  organizationSocial: "w_organization_social",
  readOrganizationSocial: "r_organization_social",
  organizationAdmin: "rw_organization_admin",
  /** Member post analytics (memberCreatorPostAnalytics), part of the Community Management API since July 2025. */
  memberPostAnalytics: "r_member_postAnalytics",
} as const;

/**
 * LinkedIn app products and what each lets an app ask for. LinkedIn refuses the whole consent
 * (`unauthorized_scope_error`) when one scope belongs to a product the app lacks, and the
 * Community Management API must be the only product on its app, so a connection asks for one
 * product's scopes: the connect variant, named after the product.
 * - `member`: Sign In with LinkedIn using OpenID Connect + Share on LinkedIn, self-serve on any app.
 * - `organization`: Community Management API (LinkedIn reviews the app); it includes
 *   `w_member_social` and `r_basicprofile`, so the member can post as themselves too, and is
 *   identified by GET /v2/me instead of OpenID userinfo, and `r_member_postAnalytics` for the
 *   member's own posts' analytics.
 */
export const linkedinProductScopes = {
  member: [linkedinScopes.openid, linkedinScopes.profile, linkedinScopes.email, linkedinScopes.memberSocial],
  organization: [
    linkedinScopes.basicProfile,
    linkedinScopes.memberSocial,
    linkedinScopes.organizationSocial,
    linkedinScopes.readOrganizationSocial,
    linkedinScopes.organizationAdmin,
    linkedinScopes.memberPostAnalytics,
  ],
} as const satisfies Record<string, readonly string[]>;
export type LinkedinProduct = keyof typeof linkedinProductScopes;
export const linkedinProducts = Object.keys(linkedinProductScopes) as LinkedinProduct[];
/** What an app has when the operator says nothing: the self-serve products every LinkedIn app can add. */
export const linkedinDefaultProducts: readonly LinkedinProduct[] = ["member"];

export const isLinkedinProduct = (value: string): value is LinkedinProduct => value in linkedinProductScopes;

export const linkedinMemberScopes: readonly string[] = linkedinProductScopes.member;
export const linkedinOrganizationScopes: readonly string[] = linkedinProductScopes.organization;
/** Every scope some variant may ask for (shown in GET /v1/platforms); no single consent asks for all. */
export const linkedinConnectScopes = [...new Set([...linkedinMemberScopes, ...linkedinOrganizationScopes])];

/**
 * Page roles that may post for an organisation (w_organization_social): the Videos API lists the
 * company admin, the DSC poster and the content admin; the organizationAcls reference adds
 * RECRUITING_POSTER ("access to post to an organizational entity"). ANALYST and the lead/landing
 * page roles may not post.
 */
export const linkedinPostingRoles = ["ADMINISTRATOR", "CONTENT_ADMINISTRATOR", "DIRECT_SPONSORED_CONTENT_POSTER", "RECRUITING_POSTER"] as const;

/** Scopes that allow reading the member's organisation roles (organizationAcls). */
export const linkedinOrganizationReadScopes = ["rw_organization_admin", "r_organization_admin"];

/**
 * LinkedIn sends no rate-limit headers and publishes no numbers: each endpoint has a daily
 * per-application and per-member ceiling (Developer Portal, app Analytics tab), both reset at
 * 00:00 UTC, and over it answers 429 without Retry-After.
 */
export const linkedinRateLimitHeaders = { remaining: null, reset: null, retryAfter: null } as const;
export const linkedinRateLimitPolicy = { windowSeconds: 86_400, resetsAt: "00:00 UTC", published: false } as const;

/** Access tokens last 60 days; refresh tokens (approved apps only) 365 days from first consent, not extended by refreshing. */
export const linkedinTokenLifetimes = { accessSeconds: 5_184_000, refreshSeconds: 31_536_000 } as const;

/**
 * Documents API (publishing-depth.md, from LinkedIn's Documents API page): PDF, PPT, PPTX, DOC
 * and DOCX of at most 100 MB and 300 pages; Chorus's media library takes PDF, DOCX and PPTX.
 */
export const linkedinDocuments = {
  mimeTypes: ["application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
  maxBytes: 100 * 1024 * 1024,
  maxPages: 300,
} as const;

export const linkedinCapabilities = {
  platform: "linkedin",
  name: "LinkedIn",
  kind: "professional",
  errorPrefix: "prof_",
  text: {
    maxLength: 3000,
    counting: "characters",
    notes: "Commentary uses LinkedIn's little-text format: Chorus escapes the reserved characters | { } @ [ ] ( ) < > # \\ * _ ~ and writes hashtags with the {hashtag|\\#|tag} template.",
  },
  media: {
    required: false,
    videoOnly: false,
    // multiImage posts take 2-20 images; one video per post; images and video never mix. Video
    // only as an organisation: the spec refuses it on a personal profile (rules.ts).
    maxImages: 20,
    maxVideos: 1,
    mixed: false,
    imageFormats: ["image/jpeg", "image/png", "image/gif"],
    videoFormats: ["video/mp4"],
    // Images: under 36,152,320 pixels, no documented byte cap. Video: 75 KB to 500 MB.
    maxImageBytes: null,
    maxVideoBytes: 500 * 1024 * 1024,
    minWidth: null,
    minHeight: null,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: { min: 1 / 2.4, max: 2.4 },
    minVideoSeconds: 3,
    maxVideoSeconds: 1800,
  },
  // Text, articles and images publish at once; a video is processed by LinkedIn after the
  // upload, so its post is created by polling the video's status (the publish ends in `processing`).
  asynchronousPublishing: true,
  // One door per LinkedIn product (see linkedinProductScopes); an app offers the doors of the
  // products the operator says it has (CHORUS_LINKEDIN_PRODUCTS).
  connect: { method: "oauth2", pkce: false, variants: [...linkedinProducts], scopes: linkedinConnectScopes },
  targets: ["organization"],
  // Daily ceilings exist per endpoint but LinkedIn does not publish them (see linkedinRateLimitPolicy).
  rateLimits: [],
  options: {
    author: {
      type: "string",
      required: false,
      description:
        "Post as an organisation: its `urn:li:organization:…` from GET /v1/social-accounts/{id}/targets. Omit to post as the member, on their personal profile, which takes text, images and articles but no video (`prof_video_unsupported`).",
    },
    visibility: {
      type: "string",
      values: ["PUBLIC", "CONNECTIONS", "LOGGED_IN"],
      required: false,
      description: "Who sees the post; default PUBLIC. CONNECTIONS is for member posts only.",
    },
    feedDistribution: {
      type: "string",
      values: ["MAIN_FEED", "NONE"],
      required: false,
      description: "MAIN_FEED (default) shows the post in feeds; NONE publishes it without feed distribution.",
    },
    disableReshare: { type: "boolean", required: false, description: "Stops others resharing the post (isReshareDisabledByAuthor)." },
    articleUrl: { type: "string", required: false, description: "Link to share as an article card; LinkedIn does not scrape it, so give articleTitle too." },
    articleTitle: { type: "string", required: false, description: "Title of the article card (required with articleUrl)." },
    articleDescription: { type: "string", required: false, description: "Description of the article card." },
    mediaTitle: { type: "string", required: false, description: "Title shown with a video or document; required with a document (PDF, DOCX or PPTX), which LinkedIn shows under it." },
  },
} satisfies NetworkCapabilities;
