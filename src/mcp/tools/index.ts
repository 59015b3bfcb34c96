import type { ToolDefinition } from "../tool.js";
import { accountTools } from "./account.js";
import { analyticsTools } from "./analytics.js";
import { commentModerationTools } from "./comment-moderation.js";
import { discoveryTools } from "./discovery.js";
import { engagementTools } from "./engagement.js";
import { eventTools } from "./events.js";
import { inboxStateTools } from "./inbox-state.js";
import { inboxTools } from "./inbox.js";
import { mediaTools } from "./media.js";
import { messageTools } from "./messages.js";
import { postTools } from "./posts.js";
import { queueTools } from "./queues.js";
import { seriesTools } from "./series.js";
import { approvalTools } from "./approvals.js";
import { reviewTools } from "./reviews.js";
import { socialAccountTools } from "./social-accounts.js";

/**
 * Every tool, one per REST operation it mirrors. One file per area, one line each here, so areas
 * added side by side merge without touching each other's lines.
 */
export const allTools: readonly ToolDefinition[] = [
  ...accountTools,
  ...socialAccountTools,
  ...mediaTools,
  ...postTools,
  ...queueTools,
  ...seriesTools,
  ...approvalTools,
  ...analyticsTools,
  ...inboxTools,
  ...inboxStateTools,
  ...commentModerationTools,
  ...reviewTools,
  ...messageTools,
  ...engagementTools,
  ...discoveryTools,
  ...eventTools,
];
