import { and, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { appCredentials, events, sandboxRecords } from "../../src/db/schema/index.js";
import type { SandboxAccount } from "../../src/sandbox/types.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import { seedAccount } from "./social-account-cases.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** B reaches A's account by id through one of the per-account routes: 404, nothing said. */
const accountRoute = (method: string, suffix: string, json?: unknown): IsolationCase => ({
  method,
  path: `/v1/social-accounts/:id/${suffix}`,
  seed: seedAccount,
  probe: async (_t, b, s) => expectNotFound(await b.request(`/v1/social-accounts/${s.id}/${suffix}`, { method, ...(json === undefined ? {} : { json }) }), s),
});

const seedCredentials = async (_t: TestApp, a: WorkspaceFixture) => {
  const response = await a.post("/v1/credentials", { platform: "pinterest", clientId: "a-private-client-id", clientSecret: "a-private-client-secret" });
  expect(response.status).toBe(201);
  return { clientId: "a-private-client-id", clientSecret: "a-private-client-secret", workspace: a.id };
};

const clientIdOf = async (t: TestApp, workspaceId: string) =>
  (
    await t.db
      .select()
      .from(appCredentials)
      .where(and(eq(appCredentials.workspaceId, workspaceId), eq(appCredentials.platform, "pinterest")))
  )[0]?.clientId;

const sandboxFaultOf = async (t: TestApp, handle: string) => {
  const [pointer] = await t.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.platform, "twitter"), eq(sandboxRecords.kind, "handle"), eq(sandboxRecords.id, handle)));
  const accountId = (pointer?.data as { accountId: string } | undefined)?.accountId ?? "";
  const [account] = await t.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.platform, "twitter"), eq(sandboxRecords.kind, "account"), eq(sandboxRecords.id, accountId)));
  return (account?.data as SandboxAccount | undefined)?.fault;
};

export const accountResourceCases: IsolationCase[] = [
  accountRoute("GET", "targets"),
  accountRoute("GET", "publish-info"),
  accountRoute("GET", "allowance"),
  accountRoute("PATCH", "profile", { displayName: "B was here" }),
  accountRoute("POST", "webhook", {}),
  accountRoute("GET", "ad-accounts"),
  accountRoute("GET", "branded-partners"),
  accountRoute("GET", "events"),
  {
    method: "PUT",
    path: "/v1/sandbox/social-accounts/:id/fault",
    seed: seedAccount,
    probe: async (t, b, s) => {
      await expectNotFound(await b.put(`/v1/sandbox/social-accounts/${s.id}/fault`, { fault: "down" }), s);
      expect(await sandboxFaultOf(t, s.handle ?? "")).toBeNull();
    },
  },
  {
    method: "POST",
    path: "/v1/sandbox/social-accounts/:id/inbound",
    seed: seedAccount,
    probe: async (t, b, s) => {
      await expectNotFound(await b.post(`/v1/sandbox/social-accounts/${s.id}/inbound`, { kind: "comment", text: "B was here" }), s);
      const recorded = await t.db
        .select()
        .from(events)
        .where(inArray(events.type, ["comment.received", "mention.received", "message.received"]));
      expect(recorded.filter((e) => e.data.account === s.id)).toEqual([]);
    },
  },
  {
    method: "POST",
    path: "/v1/credentials",
    seed: seedCredentials,
    probe: async (t, b, s) => {
      // B saving its own app for the same network creates B's row; A's stays as it was.
      const response = await b.post("/v1/credentials", { platform: "pinterest", clientId: "b-client", clientSecret: "b-secret" });
      expect(response.status).toBe(201);
      await expectInvisible(response, { clientId: s.clientId ?? "", clientSecret: s.clientSecret ?? "" });
      expect(await clientIdOf(t, s.workspace ?? "")).toBe(s.clientId);
    },
  },
  {
    method: "GET",
    path: "/v1/credentials",
    seed: seedCredentials,
    probe: async (_t, b, s) => {
      const response = await b.get("/v1/credentials");
      expect(response.body).toEqual({ items: [], cursor: null });
      await expectInvisible(response, { clientId: s.clientId ?? "", clientSecret: s.clientSecret ?? "" });
    },
  },
  {
    method: "DELETE",
    path: "/v1/credentials/:platform",
    seed: seedCredentials,
    probe: async (t, b, s) => {
      await expectNotFound(await b.delete("/v1/credentials/pinterest"), { clientId: s.clientId ?? "", clientSecret: s.clientSecret ?? "" });
      expect(await clientIdOf(t, s.workspace ?? "")).toBe(s.clientId);
    },
  },
];
