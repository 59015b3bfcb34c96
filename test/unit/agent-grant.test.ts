import { describe, expect, it } from "vitest";
import { assertSourcesAllowed } from "../../src/domain/agents/agent-spend.js";
import { type AgentGrant, accountRefusal, assertActionGranted } from "../../src/domain/agents/grant.js";
import type { AgentRecord } from "../../src/domain/core/context.js";
import { requiredAction } from "../../src/http/agent-grant.js";
import { toolAction } from "../../src/mcp/tool.js";
import { allTools } from "../../src/mcp/tools/index.js";
import { ApiError } from "../../src/infra/errors.js";

const grant = (over: Partial<AgentGrant> = {}): AgentGrant => ({ profiles: ["prf_a"], platforms: ["bluesky"], actions: ["read"], creditsPerDay: 5, purchasedCredits: false, ...over });
const agent = (g: AgentGrant): AgentRecord => ({ id: "agt_x", clientId: "oc_x", clientName: "x", grant: g, spentDay: "", spentToday: 0, createdAt: new Date() });
const codeOf = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.code : "not an ApiError";
  }
};

describe("what each route and tool needs from a grant", () => {
  it("classifies the /v1 routes, and closes an unlisted write to agents", () => {
    expect(requiredAction("POST", "/v1/mcp")).toBe("self");
    expect(requiredAction("PATCH", "/v1/me/agent")).toBe("self");
    expect(requiredAction("POST", "/v1/posts/post_1/publish")).toBe("publish_or_schedule");
    expect(requiredAction("DELETE", "/v1/posts/post_1")).toBe("delete");
    expect(requiredAction("POST", "/v1/posts/validate")).toBe("draft");
    expect(requiredAction("GET", "/v1/posts")).toBe("read");
    expect(requiredAction("GET", "/v1/agents")).toBe("owner");
    expect(requiredAction("PUT", "/v1/social-accounts/acc_1/webhook")).toBe("owner");
    expect(requiredAction("GET", "/v1/some-future-read")).toBe("read");
    expect(requiredAction("POST", "/v1/some-future-write")).toBe("owner");
  });

  it("every tool names its action; an unnamed writing tool would be owner-only", () => {
    for (const tool of allTools) expect(tool.action, tool.name).toBeDefined();
    expect(toolAction({ ...allTools[0], action: undefined, annotations: { readOnlyHint: false } } as never)).toBe("owner");
    expect(toolAction({ ...allTools[0], action: undefined, annotations: { readOnlyHint: true } } as never)).toBe("read");
  });

  it("refuses actions, brands, networks and purchased credits outside the grant, with stable codes", () => {
    expect(codeOf(() => assertActionGranted(grant(), "delete", "x"))).toBe("agent_grant_action");
    expect(codeOf(() => assertActionGranted(grant({ actions: ["read", "draft", "publish_or_schedule", "reply_and_message", "engage", "delete"] }), "owner", "x"))).toBe("agent_grant_owner_only");
    expect(codeOf(() => assertActionGranted(grant(), "self", "x"))).toBeNull();
    expect(accountRefusal(grant(), { id: "acc_1", platform: "bluesky", profileId: null })?.code).toBe("agent_grant_profile");
    expect(accountRefusal(grant(), { id: "acc_1", platform: "linkedin", profileId: "prf_a" })?.code).toBe("agent_grant_platform");
    expect(accountRefusal(grant({ profiles: null, platforms: null }), { id: "acc_1", platform: "tiktok", profileId: null })).toBeNull();
    expect(codeOf(() => assertSourcesAllowed({ agent: agent(grant()) }, ["monthly", "purchased"]))).toBe("agent_grant_purchased_credits");
    expect(codeOf(() => assertSourcesAllowed({ agent: agent(grant({ purchasedCredits: true })) }, ["purchased"]))).toBeNull();
    expect(codeOf(() => assertSourcesAllowed({ agent: agent(grant()) }, ["monthly", "pack"]))).toBeNull();
    expect(codeOf(() => assertSourcesAllowed({}, ["purchased"]))).toBeNull();
  });
});
