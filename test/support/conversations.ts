import { expect } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { Schemas } from "./api-types.js";
import type { TestWorkspace } from "./test-app.js";
import { reply } from "./workspace-fixture.js";

/** The conversation routes as the API tests drive them: connect, have a simulated person write, list, read, reply. */

export type Conversation = Schemas["Conversation"];
export type Page = Schemas["ConversationList"];
export type Message = Schemas["Message"];

export const HOUR = 60 * 60_000;
let counter = 0;

export async function connect(ws: TestWorkspace, platform: PlatformId, extra: Record<string, string> = {}): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `dm${counter}.test` : `dm_${platform}_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}), ...extra };
  const connected = await reply<Schemas["SocialAccount"]>(await ws.request("/v1/social-accounts/connect", { method: "POST", json }));
  expect(connected.status, connected.text).toBe(201);
  return connected.body.id;
}

export async function receive(ws: TestWorkspace, account: string, text: string, from = "ada.visitor") {
  const response = await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "message", text, from } });
  expect(response.status, await response.clone().text()).toBe(200);
}

export async function conversations(ws: TestWorkspace, query = ""): Promise<Page> {
  const page = await reply<Page>(await ws.request(`/v1/conversations${query}`));
  expect(page.status, page.text).toBe(200);
  return page.body;
}

export async function messages(ws: TestWorkspace, id: string, query = ""): Promise<Schemas["MessageList"]> {
  const page = await reply<Schemas["MessageList"]>(await ws.request(`/v1/conversations/${id}/messages${query}`));
  expect(page.status, page.text).toBe(200);
  return page.body;
}

export const send = (ws: TestWorkspace, id: string, json: Record<string, unknown>) => ws.request(`/v1/conversations/${id}/messages`, { method: "POST", json });
