import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies } from "../../src/infra/client-address.js";

describe("client address through trusted proxies", () => {
  const trusted = parseTrustedProxies("10.0.0.0/8 172.16.0.1, fd00::/8");

  it("is the socket's peer when no proxy is trusted or the peer is not one", () => {
    expect(clientAddress("203.0.113.5", "198.51.100.1", parseTrustedProxies(undefined))).toBe("203.0.113.5");
    expect(clientAddress("203.0.113.5", "198.51.100.1", trusted)).toBe("203.0.113.5");
    expect(clientAddress("::ffff:203.0.113.5", undefined, trusted)).toBe("203.0.113.5");
  });

  it("takes the rightmost address that is not a trusted proxy", () => {
    expect(clientAddress("10.1.2.3", "198.51.100.1, 203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:10.1.2.3", "198.51.100.1, 203.0.113.9, 172.16.0.1", trusted)).toBe("203.0.113.9");
    expect(clientAddress("fd00::1", "2001:db8::7, fd12::3", trusted)).toBe("2001:db8:0:0:0:0:0:7");
    expect(clientAddress("10.1.2.3", "203.0.113.9:4711", trusted)).toBe("203.0.113.9");
    expect(clientAddress("10.1.2.3", "[2001:db8::7]:4711", trusted)).toBe("2001:db8:0:0:0:0:0:7");
  });

  it("is the leftmost hop when every hop is trusted, and stops at the last trusted hop on garbage", () => {
    expect(clientAddress("10.1.2.3", "10.9.9.9, 172.16.0.1", trusted)).toBe("10.9.9.9");
    expect(clientAddress("10.1.2.3", "203.0.113.9, unknown", trusted)).toBe("10.1.2.3");
    expect(clientAddress("10.1.2.3", "203.0.113.9, not-an-ip, 10.4.4.4", trusted)).toBe("10.4.4.4");
  });

  it("refuses a malformed proxy list", () => {
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.0/8/1", "fd00::/129", "10.1"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(/CHORUS_TRUSTED_PROXIES/);
    }
  });
});
