import type { NetworkRules } from "../rules-schema.js";

/** Google Business Profile's rules beyond its capability record (the shape: rules-schema.ts). */
export const googleBusinessRules: NetworkRules = {
  validation: {
    // publishing-depth.md: local posts have no comments (the engagement surface is reviews).
    firstComment: {
      unsupported: true,
      why: "Google Business Profile local posts have no comments.",
      instead:
        "Put the text in the post (or a call-to-action button with `platformOptions.googlebusiness`), or turn the first comment off for this target with `platformOptions.googlebusiness.firstComment: false`.",
    },
    destinationOption: "location",
    options: {
      // Option descriptions: EVENT and OFFER need eventTitle, eventStart and eventEnd; alertType only with ALERT;
      // callToActionUrl for every type except CALL.
      eventTitle: { requiredWhen: { option: "topicType", values: ["EVENT", "OFFER"] } },
      eventStart: { requiredWhen: { option: "topicType", values: ["EVENT", "OFFER"] } },
      eventEnd: { requiredWhen: { option: "topicType", values: ["EVENT", "OFFER"] } },
      alertType: { allowedWhen: { option: "topicType", values: ["ALERT"] } },
      callToActionUrl: { requiredWhen: { option: "callToActionType", values: ["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP"] } },
      offerCouponCode: { allowedWhen: { option: "topicType", values: ["OFFER"] } },
      offerRedeemOnlineUrl: { allowedWhen: { option: "topicType", values: ["OFFER"] } },
      offerTermsConditions: { allowedWhen: { option: "topicType", values: ["OFFER"] } },
    },
  },
  // Hour-long access tokens with Google refresh tokens, renewed on use.
  tokens: { expiry: "renews" },
};
