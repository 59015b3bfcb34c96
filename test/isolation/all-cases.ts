import { mcpCases } from "./mcp-cases.js";
import { accountResourceCases } from "./account-resource-cases.js";
import { connectCases } from "./connect-cases.js";
import { dashboardCases } from "./dashboard-cases.js";
import { coreCases } from "./core-cases.js";
import { postCases } from "./post-cases.js";
import { mediaCases } from "./media-cases.js";
import { inboxCases } from "./inbox-cases.js";
import { analyticsCases } from "./analytics-cases.js";
import { conversationCases } from "./conversation-cases.js";
import { engageCases } from "./engage-cases.js";
import { commentCases } from "./comment-cases.js";
import { reviewCases } from "./review-cases.js";
import { liveCases } from "./live-cases.js";
import { discoverCases } from "./discover-cases.js";
import { agentCases } from "./agent-cases.js";
import { socialAccountCases } from "./social-account-cases.js";
import { webhookCases } from "./webhook-cases.js";
import { queueCases } from "./queue-cases.js";
import { approvalCases } from "./approval-cases.js";
import { seriesCases } from "./series-cases.js";

/** One case per route, kept beside the routes' other tests in test/isolation/. */
export const isolationCases = [
  ...coreCases,
  ...postCases,
  ...queueCases,
  ...seriesCases,
  ...socialAccountCases,
  ...accountResourceCases,
  ...connectCases,
  ...mediaCases,
  ...webhookCases,
  ...dashboardCases,
  ...mcpCases,
  ...inboxCases,
  ...analyticsCases,
  ...conversationCases,
  ...engageCases,
  ...commentCases,
  ...reviewCases,
  ...liveCases,
  ...discoverCases,
  ...agentCases,
  ...approvalCases,
];
