import type { NetworkRules } from "../rules-schema.js";

/** Google Business Profile's rules beyond its capability record (the shape: rules-schema.ts). */
export const googleBusinessRules: NetworkRules = {
  validation: {
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
