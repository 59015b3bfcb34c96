import type { InboxFacet } from "../facets/inbox.js";
import { threadsComments } from "./comments.js";
import { threadsNotifications } from "./notifications.js";

/** Threads' inbox facet, from its parts: mentions, and replies (comments). */
export const threadsInbox: InboxFacet = { ...threadsNotifications, ...threadsComments };
