import { describe, expect, it } from "vitest";
import { toEnvelope } from "../../src/infra/errors.js";
import { isBlockedAddress, parseIPv4 } from "../../src/infra/outbound/address-ranges.js";
import { createGuardedFetch, type GuardedFetchOptions, guardedAsFetch, UrlUnreachableError } from "../../src/infra/outbound/guarded-fetch.js";

/**
 * The outbound guard against a recorded stand-in for the internet: `hosts` maps a name to the
 * addresses the stand-in resolver answers, `routes` maps a URL to the answer the stand-in fetch
 * gives. A refused URL must never reach the fetch.
 */
const PUBLIC_IP = "93.184.216.34";

function bench(routes: Record<string, () => Response | Promise<Response>> = {}, hosts: Record<string, string[]> = {}, extra: Partial<GuardedFetchOptions> = {}) {
  const fetched: { url: string; headers: Headers; method: string }[] = [];
  const resolved: string[] = [];
  const guard = createGuardedFetch({
    resolve: async (hostname) => {
      resolved.push(hostname);
      const addresses = hosts[hostname];
      if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
      return addresses;
    },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      fetched.push({ url: request.url, headers: request.headers, method: request.method });
      const route = routes[request.url];
      if (!route) throw new TypeError("fetch failed: connect ECONNREFUSED");
      return route();
    },
    ...extra,
  });
  return { guard, fetched, resolved };
}

async function refusal(promise: Promise<unknown>): Promise<UrlUnreachableError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UrlUnreachableError) return error;
    throw error;
  }
  throw new Error("expected the guard to refuse");
}

const redirect =
  (location: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location } });

describe("literal addresses", () => {
  it.each([
    "https://127.0.0.1/a.png",
    "https://2130706433/a.png",
    "https://0177.0.0.1/a.png",
    "https://0x7f.0.0.1/a.png",
    "https://0x7f000001/a.png",
    "https://127.1/a.png",
    "https://[::1]/a.png",
    "https://[::ffff:127.0.0.1]/a.png",
    "https://[::ffff:7f00:1]/a.png",
    "https://[0:0:0:0:0:ffff:a00:1]/a.png",
    "https://[::127.0.0.1]/a.png",
    "https://[64:ff9b::a9fe:a9fe]/a.png",
    "https://0.0.0.0/a.png",
    "https://0/a.png",
    "https://[::]/a.png",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.1.2.3/",
    "https://172.16.0.1/",
    "https://172.31.255.255/",
    "https://192.168.1.1/",
    "https://100.64.0.1/",
    "https://100.100.100.200/",
    "https://[fc00::1]/",
    "https://[fd00:ec2::254]/",
    "https://[fe80::1]/",
    "https://224.0.0.1/",
    "https://[ff02::1]/",
    "https://255.255.255.255/",
    "https://192.0.2.10/",
    "https://198.51.100.7/",
    "https://203.0.113.9/",
    "https://[2001:db8::1]/",
    "https://[2002:7f00:1::]/",
  ])("refuses %s without sending anything", async (url) => {
    const { guard, fetched } = bench();
    const error = await refusal(guard(url));
    expect(error.reason).toBe("address");
    expect(error).toMatchObject({ code: "url_unreachable", status: 400, message: "The URL could not be fetched." });
    expect(fetched).toEqual([]);
  });

  it("fetches a public literal address", async () => {
    const { guard } = bench({ [`https://${PUBLIC_IP}/a.png`]: () => new Response("png") });
    const answer = await guard(`https://${PUBLIC_IP}/a.png`);
    expect(new TextDecoder().decode(answer.body)).toBe("png");
    expect(answer.status).toBe(200);
  });

  it("reads every inet_aton spelling as the address it names", () => {
    expect(parseIPv4("2130706433")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4("0177.0.0.01")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4("0x7f.1")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4("10.0x10001")).toEqual([10, 1, 0, 1]);
    expect(parseIPv4("256.1.1.1")).toBeNull();
    expect(isBlockedAddress("8.8.8.8")).toBe(false);
    expect(isBlockedAddress("2606:4700::1111")).toBe(false);
    expect(isBlockedAddress("64:ff9b::808:808")).toBe(false);
    expect(isBlockedAddress("not an address")).toBe(true);
  });
});

describe("schemes and names", () => {
  it.each(["http://images.example.com/a.png", "ftp://images.example.com/a.png", "file:///etc/passwd", "https://user:pw@images.example.com/a.png", "not a url"])("refuses %s", async (url) => {
    const { guard, fetched } = bench({}, { "images.example.com": [PUBLIC_IP] });
    expect((await refusal(guard(url))).reason).toBe("url");
    expect(fetched).toEqual([]);
  });

  it.each(["localhost", "api.localhost", "metadata.google.internal", "intranet", "printer.local"])("refuses the local name %s without a lookup", async (host) => {
    const { guard, fetched, resolved } = bench({}, { [host]: [PUBLIC_IP] });
    expect((await refusal(guard(`https://${host}/a.png`))).reason).toBe("address");
    expect(resolved).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it("refuses a name when any address it resolves to is private", async () => {
    const { guard, fetched } = bench({}, { "evil.example.com": ["10.0.0.5"], "mixed.example.com": [PUBLIC_IP, "::1"] });
    expect((await refusal(guard("https://evil.example.com/a.png"))).reason).toBe("address");
    expect((await refusal(guard("https://mixed.example.com/a.png"))).reason).toBe("address");
    expect(fetched).toEqual([]);
  });

  it("refuses a name that does not resolve", async () => {
    const { guard } = bench();
    expect((await refusal(guard("https://nowhere.example.com/"))).reason).toBe("transport");
  });

  it("with no resolver (Workers) still applies the literal and local-name rules", async () => {
    const { guard } = bench({ "https://images.example.com/a.png": () => new Response("ok") }, {}, { resolve: async () => [] });
    expect((await guard("https://images.example.com/a.png")).status).toBe(200);
    expect((await refusal(guard("https://169.254.169.254/"))).reason).toBe("address");
    expect((await refusal(guard("https://metadata.google.internal/"))).reason).toBe("address");
  });

  it("lets loopback over http through only when the deployment allows it (tests, local development)", async () => {
    const routes = { "http://127.0.0.1:2583/xrpc/x": () => new Response("pds"), "http://localhost:2583/xrpc/x": () => new Response("pds") };
    const strict = bench(routes);
    expect((await refusal(strict.guard("http://127.0.0.1:2583/xrpc/x"))).reason).toBe("url");
    expect((await refusal(strict.guard("http://localhost:2583/xrpc/x"))).reason).toBe("url");
    const local = bench(routes, {}, { allowLoopbackHttp: true });
    expect((await local.guard("http://127.0.0.1:2583/xrpc/x")).status).toBe(200);
    expect((await local.guard("http://localhost:2583/xrpc/x")).status).toBe(200);
    expect((await refusal(local.guard("http://example.com/"))).reason).toBe("url");
    expect((await refusal(local.guard("https://10.0.0.1/"))).reason).toBe("address");
  });
});

describe("redirects", () => {
  const hosts = { "images.example.com": [PUBLIC_IP], "cdn.example.net": ["151.101.1.1"], "rebind.example.com": ["192.168.0.10"] };

  it("follows https redirects to public hosts, checking each hop", async () => {
    const { guard, fetched } = bench({ "https://images.example.com/a.png": redirect("https://cdn.example.net/a.png", 301), "https://cdn.example.net/a.png": () => new Response("png") }, hosts);
    const answer = await guard("https://images.example.com/a.png", { headers: { authorization: "Bearer secret" } });
    expect(answer.url).toBe("https://cdn.example.net/a.png");
    expect(fetched.map((f) => f.url)).toEqual(["https://images.example.com/a.png", "https://cdn.example.net/a.png"]);
    expect(fetched[1]?.headers.get("authorization")).toBeNull();
  });

  it.each([
    ["into plain http", "http://cdn.example.net/a.png"],
    ["into loopback", "https://127.0.0.1:8080/admin"],
    ["into a decimal loopback", "https://2130706433/"],
    ["into the metadata service", "https://169.254.169.254/latest/meta-data/"],
    ["to a name resolving to a private address", "https://rebind.example.com/"],
    ["to a relative http URL", "//[::1]/x"],
  ])("refuses a redirect %s without following it", async (_what, location) => {
    const { guard, fetched } = bench({ "https://images.example.com/a.png": redirect(location) }, hosts);
    const error = await refusal(guard("https://images.example.com/a.png"));
    expect(["redirect", "address", "url"]).toContain(error.reason);
    expect(fetched.map((f) => f.url)).toEqual(["https://images.example.com/a.png"]);
  });

  it("refuses past maxRedirects, and any redirect with maxRedirects 0", async () => {
    const { guard } = bench(
      {
        "https://images.example.com/1": redirect("https://images.example.com/2"),
        "https://images.example.com/2": redirect("https://images.example.com/3"),
        "https://images.example.com/3": () => new Response("end"),
      },
      hosts,
    );
    expect((await guard("https://images.example.com/1", { maxRedirects: 2 })).status).toBe(200);
    expect((await refusal(guard("https://images.example.com/1", { maxRedirects: 1 }))).reason).toBe("redirect");
    expect((await refusal(guard("https://images.example.com/2", { maxRedirects: 0 }))).reason).toBe("redirect");
  });
});

describe("caps", () => {
  const hosts = { "images.example.com": [PUBLIC_IP] };

  it("refuses a declared or streamed body over maxBytes", async () => {
    const { guard } = bench(
      {
        "https://images.example.com/declared": () => new Response("x".repeat(11), { headers: { "content-length": "11" } }),
        "https://images.example.com/streamed": () =>
          new Response(
            new ReadableStream({
              pull(controller) {
                controller.enqueue(new Uint8Array(6));
              },
            }),
          ),
      },
      hosts,
    );
    expect((await refusal(guard("https://images.example.com/declared", { maxBytes: 10 }))).reason).toBe("too_large");
    expect((await refusal(guard("https://images.example.com/streamed", { maxBytes: 10 }))).reason).toBe("too_large");
    expect((await guard("https://images.example.com/declared", { maxBytes: 11 })).body.byteLength).toBe(11);
    // A page's head is enough for a link card: `truncate` keeps the first bytes instead of refusing.
    expect((await guard("https://images.example.com/declared", { maxBytes: 4, truncate: true })).body).toEqual(new TextEncoder().encode("xxxx"));
    expect((await guard("https://images.example.com/streamed", { maxBytes: 10, truncate: true })).body.byteLength).toBe(10);
  });

  it("gives up after timeoutMs, on the connection or in the body", async () => {
    const hang = (signal: AbortSignal | null | undefined) => new Promise<Response>((_resolve, reject) => signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const slowBody = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(1));
          },
        }),
      );
    const guard = createGuardedFetch({
      resolve: async () => [PUBLIC_IP],
      fetch: async (input, init) => (String(input).endsWith("/hang") ? hang(init?.signal) : slowBody()),
    });
    expect((await refusal(guard("https://images.example.com/hang", { timeoutMs: 20 }))).reason).toBe("timeout");
    expect((await refusal(guard("https://images.example.com/slow", { timeoutMs: 20 }))).reason).toBe("timeout");
  });
});

describe("one answer for every failure", () => {
  it("a closed port, a refused address, a timeout and a refused redirect give identical error bodies", async () => {
    const { guard } = bench({ "https://images.example.com/r": redirect("https://10.0.0.1/") }, { "images.example.com": [PUBLIC_IP], "closed.example.com": [PUBLIC_IP] });
    const hang = createGuardedFetch({
      resolve: async () => [PUBLIC_IP],
      fetch: (_input, init) => new Promise((_r, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    });
    const errors = [
      await refusal(guard("https://closed.example.com:9200/", { param: "avatarUrl" })),
      await refusal(guard("https://127.0.0.1:6379/", { param: "avatarUrl" })),
      await refusal(guard("https://images.example.com/r", { param: "avatarUrl" })),
      await refusal(hang("https://slow.example.com/", { param: "avatarUrl", timeoutMs: 10 })),
    ];
    expect(errors.map((e) => e.reason)).toEqual(["transport", "address", "address", "timeout"]);
    const bodies = errors.map((e) => JSON.stringify(toEnvelope(e, "https://chorus.test", "req_1")));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toMatch(/127|6379|10\.0|closed|ECONN|9200/);
  });
});

describe("guardedAsFetch", () => {
  it("answers like fetch and refuses like the guard", async () => {
    const { guard } = bench(
      { "https://pds.example.com/xrpc/a": () => new Response(JSON.stringify({ ok: true }), { status: 201, headers: { "content-type": "application/json" } }) },
      { "pds.example.com": [PUBLIC_IP] },
    );
    const plain = guardedAsFetch(guard, { maxBytes: 1024, timeoutMs: 1000 });
    const response = await plain("https://pds.example.com/xrpc/a", { method: "POST", body: "{}" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    await expect(plain("http://127.0.0.1:2583/xrpc/a")).rejects.toBeInstanceOf(UrlUnreachableError);
  });
});
