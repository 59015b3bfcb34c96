/**
 * Which IP addresses Chorus may connect to on a user's behalf. Every address is handled as 16
 * bytes (IPv4 as IPv4-mapped IPv6, `::ffff:a.b.c.d`), so one table covers both families and an
 * IPv4 address cannot slip through by being written as IPv6.
 */

type Bytes = readonly number[];

/** IPv4 in every spelling `inet_aton` accepts: 1–4 parts, each decimal, octal (`0…`) or hex (`0x…`). */
export function parseIPv4(text: string): Bytes | null {
  const parts = text.split(".");
  if (parts.length === 0 || parts.length > 4 || parts.some((part) => part === "")) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^\d+$/.test(part)) value = Number(part);
    else return null;
    values.push(value);
  }
  // The last part fills the remaining bytes: `127.1` is 127.0.0.1, `2130706433` is 127.0.0.1.
  const last = values.pop() ?? 0;
  if (values.some((value) => value > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  const bytes = [...values];
  for (let shift = 3 - values.length; shift >= 0; shift -= 1) bytes.push(Math.floor(last / 256 ** shift) % 256);
  return bytes;
}

/** IPv6 text (with `::` and an optional dotted IPv4 tail); a zone id (`%eth0`) is refused. */
export function parseIPv6(text: string): Bytes | null {
  if (text.includes("%")) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const out: number[] = [];
    const pieces = half.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(piece) ? parseIPv4(piece) : null;
        if (!v4) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        out.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/** An address as 16 bytes, or null when `text` is not an IP address (a host name). */
export function parseAddress(text: string): Bytes | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (bare.includes(":")) return parseIPv6(bare);
  const v4 = parseIPv4(bare);
  return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4] : null;
}

interface Range {
  prefix: Bytes;
  bits: number;
  why: string;
}

const v4 = (a: number, b: number, c: number, d: number, bits: number, why: string): Range => ({
  prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, a, b, c, d],
  bits: 96 + bits,
  why,
});
const v6 = (text: string, bits: number, why: string): Range => ({ prefix: parseIPv6(text) ?? [], bits, why });

/**
 * Addresses that are not the public internet. The metadata services of the clouds live in
 * 169.254/16 (AWS, GCP, Azure: 169.254.169.254), 100.64/10 (Alibaba: 100.100.100.200) and
 * fc00::/7 (AWS IPv6: fd00:ec2::254), so they are covered by the ranges themselves.
 */
export const blockedRanges: readonly Range[] = [
  v4(0, 0, 0, 0, 8, "this network (0.0.0.0 reaches the local host)"),
  v4(10, 0, 0, 0, 8, "private"),
  v4(100, 64, 0, 0, 10, "carrier-grade NAT"),
  v4(127, 0, 0, 0, 8, "loopback"),
  v4(169, 254, 0, 0, 16, "link-local and cloud metadata"),
  v4(172, 16, 0, 0, 12, "private"),
  v4(192, 0, 0, 0, 24, "IETF protocol assignments"),
  v4(192, 0, 2, 0, 24, "documentation (TEST-NET-1)"),
  v4(192, 88, 99, 0, 24, "6to4 relay anycast"),
  v4(192, 168, 0, 0, 16, "private"),
  v4(198, 18, 0, 0, 15, "benchmarking"),
  v4(198, 51, 100, 0, 24, "documentation (TEST-NET-2)"),
  v4(203, 0, 113, 0, 24, "documentation (TEST-NET-3)"),
  v4(224, 0, 0, 0, 4, "multicast"),
  v4(240, 0, 0, 0, 4, "reserved and broadcast"),
  v6("::", 128, "unspecified"),
  v6("::1", 128, "loopback"),
  v6("::", 96, "IPv4-compatible (deprecated)"),
  v6("64:ff9b:1::", 48, "local-use NAT64"),
  v6("100::", 64, "discard"),
  v6("2001::", 23, "IETF protocol assignments (Teredo included)"),
  v6("2001:db8::", 32, "documentation"),
  v6("2002::", 16, "6to4 (embeds an IPv4 address)"),
  v6("3fff::", 20, "documentation"),
  v6("fc00::", 7, "unique local"),
  v6("fe80::", 10, "link-local"),
  v6("fec0::", 10, "site-local (deprecated)"),
  v6("ff00::", 8, "multicast"),
];

function inRange(address: Bytes, range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit += 8) {
    const index = bit / 8;
    const width = Math.min(8, range.bits - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if (((address[index] ?? 0) & mask) !== ((range.prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** NAT64 (64:ff9b::/96) carries an IPv4 address in its last 4 bytes; it is judged by that address. */
function embeddedIPv4(address: Bytes): Bytes | null {
  const nat64 = parseIPv6("64:ff9b::") ?? [];
  if (nat64.slice(0, 12).every((byte, i) => address[i] === byte)) return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...address.slice(12)];
  return null;
}

/** True when the address is not on the public internet (see {@link blockedRanges}). */
export function isBlockedAddress(text: string): boolean {
  const address = parseAddress(text);
  if (!address || address.length !== 16) return true;
  const inner = embeddedIPv4(address);
  if (inner) return isBlockedBytes(inner);
  return isBlockedBytes(address);
}

function isBlockedBytes(address: Bytes): boolean {
  return blockedRanges.some((range) => inRange(address, range));
}

/** Loopback addresses (127/8, ::1), which test setups may be allowed to reach over http. */
export function isLoopbackAddress(text: string): boolean {
  const address = parseAddress(text);
  if (!address) return false;
  return inRange(address, v4(127, 0, 0, 0, 8, "")) || inRange(address, v6("::1", 128, ""));
}

/**
 * Names that only mean something inside a network (`localhost`, `*.internal`, one-label names a
 * search domain completes). Refused before any lookup, which matters where there is no resolver
 * to ask (Workers).
 */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (!name.includes(".")) return true;
  return /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(name);
}

/** localhost, 127.0.0.0/8 or ::1: where a test key may point an endpoint, over http too. */
export function isLoopbackHost(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === "localhost" || (parseAddress(host) !== null && isLoopbackAddress(host));
}
