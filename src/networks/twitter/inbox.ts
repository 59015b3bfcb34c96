import type { InboxFacet } from "../facets/inbox.js";
import { twitterComments } from "./comments.js";
import { twitterMessages } from "./messages.js";
import { twitterNotifications } from "./notifications.js";

/** X's inbox facet, from its parts: mentions, direct messages, and replies (comments). */
export const twitterInbox: InboxFacet = { ...twitterNotifications, ...twitterMessages, ...twitterComments };
