import type { DomainContext } from "../context.js";

export interface MeView {
  account: string;
  name: string;
  email: string;
  plan: string;
  mode: "test" | "live";
  key: { id: string; name: string; prefix: string; nickname: string | null };
  createdAt: string;
}

/** Echoes who the key belongs to; costs no query beyond authentication. */
export function getMe({ ctx }: { ctx: DomainContext }): MeView {
  const { workspace, apiKey } = ctx;
  return {
    account: workspace.id,
    name: workspace.name,
    email: workspace.email,
    plan: workspace.plan,
    mode: apiKey.mode,
    key: { id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, nickname: apiKey.nickname },
    createdAt: workspace.createdAt.toISOString(),
  };
}
