import type { ToolDefinition } from "../tool.js";
import { accountTools } from "./account.js";
import { analyticsTools } from "./analytics.js";
import { engagementTools } from "./engagement.js";
import { inboxTools } from "./inbox.js";
import { mediaTools } from "./media.js";
import { messageTools } from "./messages.js";
import { postTools } from "./posts.js";
import { queueTools } from "./queues.js";
import { approvalTools } from "./approvals.js";
import { reviewTools } from "./reviews.js";
import { socialAccountTools } from "./social-accounts.js";

/** Every tool, one per REST operation it mirrors. */
export const allTools: readonly ToolDefinition[] = [
  ...accountTools,
  ...socialAccountTools,
  ...mediaTools,
  ...postTools,
  ...queueTools,
  ...approvalTools,
  ...analyticsTools,
  ...inboxTools,
  ...reviewTools,
  ...messageTools,
  ...engagementTools,
];
