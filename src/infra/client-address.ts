import { parseAddress } from "./outbound/address-ranges.js";

type Bytes = readonly number[];

interface Network {
  prefix: Bytes;
  bits: number;
}

/** The proxies whose `X-Forwarded-For` is believed (`CHORUS_TRUSTED_PROXIES`). */
export interface TrustedProxies {
  trusts(address: string): boolean;
}

const MAPPED_V4 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function contains(network: Network, address: Bytes): boolean {
  for (let bit = 0; bit < network.bits; bit += 8) {
    const index = bit / 8;
    const mask = (0xff << (8 - Math.min(8, network.bits - bit))) & 0xff;
    if (((address[index] ?? 0) & mask) !== ((network.prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** Only the dotted-quad and plain IPv6 spellings: a proxy list is configuration, not user input to be lenient with. */
function strictAddress(text: string): Bytes | null {
  if (!text.includes(":") && !/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return null;
  return parseAddress(text);
}

function parseNetwork(entry: string): Network {
  const [address = "", length, extra] = entry.split("/");
  const bytes = strictAddress(address);
  if (!bytes || extra !== undefined || (length !== undefined && !/^\d{1,3}$/.test(length))) {
    throw new Error(`CHORUS_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
  }
  const isV4 = !address.includes(":");
  const max = isV4 ? 32 : 128;
  const bits = length === undefined ? max : Number(length);
  if (bits > max) throw new Error(`CHORUS_TRUSTED_PROXIES: "${entry}" has a prefix longer than ${max} bits`);
  return { prefix: bytes, bits: isV4 ? 96 + bits : bits };
}

/** `10.0.0.0/8, 192.0.2.7, fd00::/8`: comma- or space-separated addresses and CIDR ranges. Throws on a malformed entry. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const networks = (text ?? "")
    .split(/[\s,]+/)
    .filter((entry) => entry !== "")
    .map(parseNetwork);
  return {
    trusts(address) {
      const bytes = parseAddress(address);
      return bytes !== null && networks.some((network) => contains(network, bytes));
    },
  };
}

/** One spelling per address, so a limit keyed on it cannot be split by writing it differently. */
function canonical(bytes: Bytes): string {
  if (MAPPED_V4.every((byte, i) => bytes[i] === byte)) return bytes.slice(12).join(".");
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return groups.join(":");
}

/** An `X-Forwarded-For` element: an address, maybe with a port (`192.0.2.1:4711`, `[2001:db8::1]:4711`). */
function forwardedAddress(element: string): Bytes | null {
  const text = element.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) return strictAddress(bracketed[1]);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return strictAddress(withPort?.[1] ?? text);
}

/**
 * The address a request came from. The socket's peer, unless the peer is a trusted proxy: then
 * `X-Forwarded-For` is read from the right (each proxy appends the address it was reached from),
 * past every trusted hop, and the first untrusted address is the client. What is left of that is
 * written by the client itself and is never believed. An element that is not an address ends the
 * walk at the last trusted hop, so garbage cannot choose the key a limit is counted under.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const peerBytes = peer ? parseAddress(peer) : null;
  if (!peer || !peerBytes) return peer ?? "unknown";
  let current = peerBytes;
  if (!forwardedFor || !trusted.trusts(peer)) return canonical(current);
  const hops = forwardedFor.split(",").reverse();
  for (const hop of hops) {
    const bytes = forwardedAddress(hop);
    if (!bytes) break;
    current = bytes;
    if (!trusted.trusts(canonical(bytes))) break;
  }
  return canonical(current);
}
