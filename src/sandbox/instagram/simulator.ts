import { Hono } from "hono";
import { mountConsentPage } from "../oauth-consent.js";
import type { SimulatorFactory } from "../types.js";
import { facebookDialogHost } from "../meta/facebook-login.js";
import { hostRouter, unmatched } from "../meta/graph-wire.js";
import { instagramFacebookDoor } from "./facebook-door.js";
import { instagramApiHost, instagramGraphHost } from "./instagram-door.js";
import { simulateInstagramActivity } from "./media-comments.js";
import { simulateInstagramMention } from "./user-tags.js";
import { platform, seedInstagram } from "./model.js";

/**
 * Instagram simulator, both doors. The Facebook-login door shares www.facebook.com (the dialog,
 * claimed when `instagram_*` scopes are asked) and graph.facebook.com (claimed by the tokens and
 * codes this simulator issued) with the Facebook simulator; the Instagram-login door has its own
 * hosts. One simulated account answers on both doors.
 */
export const createInstagramSimulator: SimulatorFactory = (deps) => {
  const seedAccount = (input: { handle: string }) => seedInstagram(deps, input.handle);

  const instagramWww = new Hono();
  mountConsentPage(instagramWww, deps, { platform, path: "/oauth/authorize", scopeSeparator: ",", seedAccount });
  instagramWww.notFound(() => unmatched(new Response("Sorry, this page isn't available.", { status: 404 })));

  return {
    platform,
    hosts: ["www.facebook.com", "graph.facebook.com", "www.instagram.com", "api.instagram.com", "graph.instagram.com"],
    app: hostRouter({
      "www.facebook.com": facebookDialogHost(deps, { platform, instagramDoor: true, seedAccount }),
      "graph.facebook.com": instagramFacebookDoor(deps),
      "www.instagram.com": instagramWww,
      "api.instagram.com": instagramApiHost(deps),
      "graph.instagram.com": instagramGraphHost(deps),
    }),
    seedAccount,
    simulateActivity: (input) => (input.action === "mention" ? simulateInstagramMention : simulateInstagramActivity)(deps, (handle) => seedAccount({ handle }), input),
  };
};
