import type { InboxFacet } from "../facets/inbox.js";
import { facebookComments } from "./comments.js";
import { facebookMessages } from "./messages.js";
import { facebookNotifications } from "./notifications.js";

/** Facebook's inbox facet, from its parts: Messenger conversations, page comments, and the posts that tag the pages. */
export const facebookInbox: InboxFacet = { ...facebookMessages, ...facebookComments, ...facebookNotifications };
