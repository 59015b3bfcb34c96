import type { InboxFacet } from "../facets/inbox.js";
import { blueskyComments } from "./comments.js";
import { blueskyHideReply } from "./hide-reply.js";
import { blueskyMessages } from "./messages.js";
import { blueskyNotifications } from "./notifications.js";

/** Bluesky's inbox facet, from its parts: notifications, chat conversations, and comments (thread replies, hidden by threadgate). */
export const blueskyInbox: InboxFacet = { ...blueskyNotifications, ...blueskyMessages, ...blueskyComments, ...blueskyHideReply };
