import type { InboxFacet } from "../facets/inbox.js";
import { instagramComments } from "./comments.js";
import { instagramMessages } from "./messages.js";
import { instagramNotifications } from "./notifications.js";

/** Instagram's inbox facet, from its parts: comments, direct messages, and the posts that tag the account. */
export const instagramInbox: InboxFacet = { ...instagramComments, ...instagramMessages, ...instagramNotifications };
