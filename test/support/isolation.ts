import { expect } from "vitest";
import { agentFixture, approvedAgent } from "./agent-oauth.js";
import type { TestApp, TestWorkspace } from "./test-app.js";
import { type Reply, type WorkspaceFixture, reply } from "./workspace-fixture.js";

/**
 * One tenant-isolation check per route. `seed` makes records in workspace A and returns what
 * identifies them (ids, usernames, handles); `probe` requests as workspace B and must show none
 * of them: 404 for an id of A (never 403, never details), and lists without A's records.
 */
export interface IsolationCase {
  method: string;
  path: string;
  seed: (t: TestApp, a: WorkspaceFixture) => Promise<Record<string, string>>;
  probe: (t: TestApp, b: WorkspaceFixture, seeded: Record<string, string>) => Promise<void>;
  /**
   * The probe as A's narrowed agent (see narrowedAgent), where `probe` assumes what only B's
   * API key does (writing its own records): the same promise, that nothing of `seeded` shows.
   */
  agentProbe?: (t: TestApp, agent: WorkspaceFixture, seeded: Record<string, string>) => Promise<void>;
}

/**
 * B asks for A's record by id: a 404 that says nothing about A. A narrowed agent of A may also
 * get its grant's 403 (`agent_grant_*`), which names the grant, not the record; an API key never
 * gets one, so for B this is still "404 only".
 */
export async function expectNotFound(answer: Response | Reply<unknown>, seeded: Record<string, string>): Promise<void> {
  const response = answer instanceof Response ? await reply(answer) : answer;
  if (response.status === 403) {
    expect(response.error.code, "a 403 is only ever an agent's grant refusal").toMatch(/^agent_grant_/);
  } else {
    expect(response.status).toBe(404);
  }
  const text = response.text;
  for (const [name, value] of Object.entries(seeded)) {
    if (name.startsWith("id")) continue;
    expect(text, `404 body mentions ${name}`).not.toContain(value);
  }
}

/** B's answer must not contain any identifier of A's records. */
export async function expectInvisible(answer: Response | Reply<unknown>, seeded: Record<string, string>): Promise<void> {
  expect(answer.status).toBeLessThan(500);
  const text = answer instanceof Response ? await answer.text() : answer.text;
  for (const [name, value] of Object.entries(seeded)) expect(text, `B sees A's ${name}`).not.toContain(value);
}

export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

const granted = new WeakMap<TestWorkspace, string>();

/**
 * The Bluesky account within a narrowed agent's grant, or undefined for a workspace's key: a
 * probe that needs "the caller's own account" uses it rather than connecting one, which only
 * the owner may do.
 */
export function grantedAccount(who: TestWorkspace): string | undefined {
  return granted.get(who);
}

/** Every action, so a refusal can only come from the grant's profile or network. */
const allActions = ["read", "draft", "publish_or_schedule", "reply_and_message", "engage", "delete"];

/**
 * An agent of A granted every action but one profile and one network only: a brand made here
 * with a Bluesky account of its own, so nothing a case seeds is within the grant. Its requests
 * are checked against /openapi.json like a key's.
 */
export async function narrowedAgent(t: TestApp, a: WorkspaceFixture): Promise<WorkspaceFixture> {
  const profile = await a.createProfile({ username: "granted-brand" });
  const connected = await a.connect("bluesky", { handle: "granted.test", profile: "granted-brand" });
  const { tokens, agentId } = await approvedAgent(t, a, { profiles: [profile.id], platforms: ["bluesky"], actions: allActions, creditsPerDay: 100 });
  const agent = agentFixture(t, a, tokens.access_token, agentId);
  granted.set(agent, connected.id);
  return agent;
}
