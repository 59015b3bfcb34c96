import type { NetworkRules } from "../rules-schema.js";
import { linkedinCapabilities, linkedinDocuments } from "./capabilities.js";

/** LinkedIn's rules beyond its capability record (the shape: rules-schema.ts). */
export const linkedinRules: NetworkRules = {
  validation: {
    // publishing-depth.md / linkedin.md: Comments API on the post URN; comment text ~1,250 characters (unverified).
    firstComment: {
      maxLength: 1250,
      counting: "characters",
      source: "POST /rest/socialActions/{postUrn}/comments `message.text` (about 1,250 characters, unverified)",
      // The comment's `content` takes an image uploaded through the Images API as the actor
      // (`[{ entity: { image: "urn:li:image:…" } }]`). One image per comment: publishing-depth.md
      // marked it unverified; three independent clients send exactly this body, one citing the
      // official Comments API page, and tools that expose it accept one image (comment-image.ts).
      // The Images API documents a pixel cap, no byte cap; image types as for posts.
      media: { maxItems: 1, mimeTypes: ["image/jpeg", "image/png", "image/gif"], maxBytes: null, source: "Comments API `content` with one Images API image (urn:li:image)" },
    },
    destinationOption: "author",
    // Option author: an organisation URN posts as the organisation; without it the member posts.
    // The adapter also takes a member URN as author (publish.ts): that is a personal profile too.
    destinationAccountKind: { withDestination: "organization", without: "personal", byPrefix: { "urn:li:person:": "personal" } },
    // Capability comment and sheet: 1:2.4 to 2.4:1 is the video rule; images have no ratio bound.
    aspectRatioAppliesTo: "video",
    altText: {},
    documents: { mimeTypes: linkedinDocuments.mimeTypes, maxBytes: linkedinDocuments.maxBytes, maxPages: linkedinDocuments.maxPages, titleOption: "mediaTitle" },
    // The spec's error table refuses video posts to a personal profile (prof_video_unsupported),
    // and its error codes are the contract. LinkedIn's Videos API itself would take a
    // member-owned video under w_member_social; Chorus keeps the spec's one rule, stated in the
    // error's fix: post the video as an organisation (option author), or post images.
    videoUnsupportedForAccountKinds: ["personal"],
    options: {
      // Option description: CONNECTIONS is for member posts only.
      visibility: { valueAccountKinds: { CONNECTIONS: ["personal"] } },
      // articleTitle is required with articleUrl; an article is the post's content, so no media.
      articleUrl: { requires: ["articleTitle"], textOnly: true },
      articleTitle: { requires: ["articleUrl"] },
      articleDescription: { requires: ["articleUrl"] },
      mediaTitle: { appliesToMedia: "video" },
    },
  },
  formats: [
    {
      id: "multi_image",
      description: "A multi-image post (`content.multiImage`), each image with its own alt text.",
      selectedBy: `media: 2 to ${linkedinCapabilities.media.maxImages} images`,
      media: { kinds: ["image"], minItems: 2, maxItems: linkedinCapabilities.media.maxImages },
    },
    {
      id: "document",
      description: "A document post (PDF, DOCX or PPTX through the Documents API, shown as a carousel of pages) with its title (`mediaTitle`), posted by a member or an organisation.",
      selectedBy: "media: one document alone, with platformOptions.linkedin.mediaTitle",
      media: { kinds: ["document"], minItems: 1, maxItems: 1 },
      limits: { maxBytes: linkedinDocuments.maxBytes, maxPages: linkedinDocuments.maxPages },
    },
  ],
  tokens: {
    // 60-day tokens; refresh tokens only for approved partner apps, and theirs end 365 days after
    // the first consent without being extended: a connection expires for good when it has no
    // refresh token, or when the refresh token ends no later than the access token.
    async expiry(connection, tokens) {
      const set = await tokens();
      if (!set.refreshToken || !connection.tokenExpiresAt) return true;
      return set.refreshExpiresAt !== null && new Date(set.refreshExpiresAt).getTime() <= connection.tokenExpiresAt.getTime();
    },
  },
};
