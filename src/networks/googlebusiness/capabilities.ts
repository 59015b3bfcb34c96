import type { NetworkCapabilities } from "../capabilities-schema.js";

/**
 * Google Business Profile facts (sheet: ../networks/googlebusiness.md, Google Business Profile
 * section). Access to these APIs is granted per Google Cloud project on request; until then
 * every call answers 429 (quota 0).
 */
export const googleBusinessUrls = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  revoke: "https://oauth2.googleapis.com/revoke",
  /** OpenID Connect userinfo (Google's discovery `userinfo_endpoint`): who connected. */
  userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
  accountManagement: "https://mybusinessaccountmanagement.googleapis.com/v1",
  businessInformation: "https://mybusinessbusinessinformation.googleapis.com/v1",
  /** v4 still serves localPosts and reviews (publishing and comments, later issues). */
  myBusinessV4: "https://mybusiness.googleapis.com/v4",
  performance: "https://businessprofileperformance.googleapis.com/v1",
} as const;

/** Seconds between polls of a local post Google is still processing (state PROCESSING). */
export const googleBusinessPollSeconds = 5;

/** Local posts read to find a post after a lost answer (localPosts.list allows 100 a page). */
export const googleBusinessRecentPostsPage = 100;

/** The v1 APIs carry their version in the path; there is no version header. */
export const googleBusinessApiVersion = "v1";

export const googleBusinessScopes = {
  manage: "https://www.googleapis.com/auth/business.manage",
  openid: "openid",
  email: "email",
  profile: "profile",
} as const;

/** business.manage for the locations; openid, email and profile to name the person who connected. */
export const googleBusinessConnectScopes = [googleBusinessScopes.manage, googleBusinessScopes.openid, googleBusinessScopes.email, googleBusinessScopes.profile];

/** No rate-limit headers: over quota answers 429 RESOURCE_EXHAUSTED, sometimes with Retry-After. */
export const googleBusinessRateLimitHeaders = { remaining: null, reset: null, retryAfter: "retry-after" } as const;

/** Page sizes: accounts.list allows at most 20, locations.list at most 100. */
export const googleBusinessPageSizes = { accounts: 20, locations: 100 } as const;

/** Fields read for a location target; `readMask` is required by locations.list. */
export const googleBusinessLocationReadMask = "name,title,storeCode,storefrontAddress,metadata";

export const googleBusinessCapabilities = {
  platform: "googlebusiness",
  name: "Google Business Profile",
  kind: "local business",
  errorPrefix: null,
  text: {
    maxLength: 1500,
    counting: "characters",
    notes: "The post text is the local post's summary. Posts go to one location (platformOptions.googlebusiness.location, from the account's targets).",
  },
  media: {
    required: false,
    videoOnly: false,
    maxImages: 1,
    maxVideos: 0,
    mixed: false,
    imageFormats: ["image/jpeg", "image/png"],
    videoFormats: [],
    // Google fetches the photo from a public URL (media[].sourceUrl); limits per third-party guides.
    maxImageBytes: 5 * 1024 * 1024,
    maxVideoBytes: null,
    minWidth: 400,
    minHeight: 300,
    maxWidth: null,
    maxHeight: null,
    aspectRatio: null,
    minVideoSeconds: null,
    maxVideoSeconds: null,
  },
  // localPosts.create answers LIVE, or PROCESSING (posts with photos), or REJECTED.
  asynchronousPublishing: true,
  connect: { method: "oauth2", pkce: true, variants: [], scopes: googleBusinessConnectScopes },
  targets: ["location"],
  rateLimits: [
    { scope: "project", limit: 300, windowSeconds: 60, notes: "Requests per minute per API by default; 0 until Google approves the project's access request." },
    { scope: "location", limit: 10, windowSeconds: 60, notes: "Edits per minute per business profile." },
  ],
  options: {
    location: {
      type: "string",
      required: false,
      description: "Location to post to, as `accounts/{account}/locations/{location}` from GET /v1/social-accounts/{id}/targets; required when the account manages more than one location.",
    },
    topicType: {
      type: "string",
      values: ["STANDARD", "EVENT", "OFFER", "ALERT"],
      required: false,
      description: "Kind of local post; default STANDARD. EVENT and OFFER need eventTitle, eventStart and eventEnd.",
    },
    alertType: { type: "string", values: ["COVID_19"], required: false, description: "Alert kind, only with topicType ALERT." },
    languageCode: { type: "string", required: false, description: "BCP-47 language of the post." },
    callToActionType: {
      type: "string",
      values: ["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"],
      required: false,
      description: "Button shown on the post.",
    },
    callToActionUrl: { type: "string", required: false, description: "Where the button leads; required for every type except CALL, which uses the location's phone number." },
    eventTitle: { type: "string", required: false, description: "Event or offer title (EVENT and OFFER posts)." },
    eventStart: { type: "string", required: false, description: "Start of the event or offer in the location's local time: YYYY-MM-DD or YYYY-MM-DDTHH:MM (an offset, if any, is ignored)." },
    eventEnd: { type: "string", required: false, description: "End of the event or offer in the location's local time: YYYY-MM-DD or YYYY-MM-DDTHH:MM (an offset, if any, is ignored)." },
    offerCouponCode: { type: "string", required: false, description: "Coupon code shown on an OFFER post." },
    offerRedeemOnlineUrl: { type: "string", required: false, description: "Link to redeem an OFFER online." },
    offerTermsConditions: { type: "string", required: false, description: "Terms of an OFFER." },
  },
} satisfies NetworkCapabilities;
