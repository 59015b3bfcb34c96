import { describe, expect, it } from "vitest";
import { networkDepsFromEnv } from "../../src/config/network-env.js";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";

const fetchStub: typeof fetch = async () => new Response(null, { status: 204 });
const guard = createGuardedFetch({ resolve: async () => [], fetch: fetchStub });

describe("network settings from env", () => {
  it("reads CHORUS_LINKEDIN_PRODUCTS, and leaves it unset (the adapter's self-serve default) when absent", () => {
    expect(networkDepsFromEnv({ CHORUS_LINKEDIN_PRODUCTS: " member , organization " }, fetchStub, guard).appProducts).toEqual({ linkedin: ["member", "organization"] });
    expect(networkDepsFromEnv({ CHORUS_LINKEDIN_PRODUCTS: "organization" }, fetchStub, guard).appProducts).toEqual({ linkedin: ["organization"] });
    expect(networkDepsFromEnv({}, fetchStub, guard).appProducts).toEqual({});
  });

  it("stops on a product LinkedIn does not have, and on products for a network without any", () => {
    expect(() => networkDepsFromEnv({ CHORUS_LINKEDIN_PRODUCTS: "member,organisation" }, fetchStub, guard)).toThrow(
      "CHORUS_LINKEDIN_PRODUCTS: unknown product organisation; use member, organization.",
    );
    expect(() => networkDepsFromEnv({ CHORUS_TWITTER_PRODUCTS: "basic" }, fetchStub, guard)).toThrow("CHORUS_TWITTER_PRODUCTS: twitter has no app products to choose.");
  });

  it("reads CHORUS_META_VERIFY_TOKEN and CHORUS_TOKEN_WARNING_DAYS, stopping on a bad number of days", () => {
    const deps = networkDepsFromEnv({ CHORUS_META_VERIFY_TOKEN: "handshake-me", CHORUS_TOKEN_WARNING_DAYS: "14" }, fetchStub, guard);
    expect(deps).toMatchObject({ metaVerifyToken: "handshake-me", tokenWarningDays: 14 });
    expect(networkDepsFromEnv({ CHORUS_META_VERIFY_TOKEN: "" }, fetchStub, guard)).toMatchObject({ metaVerifyToken: undefined, tokenWarningDays: undefined });
    for (const bad of ["0", "7d", "-1", "61"]) expect(() => networkDepsFromEnv({ CHORUS_TOKEN_WARNING_DAYS: bad }, fetchStub, guard)).toThrow("CHORUS_TOKEN_WARNING_DAYS");
  });
});
