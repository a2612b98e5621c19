/**
 * Whether an IP address is on the public internet, so that a partner's webhook URL cannot make
 * our servers POST into our own network (SSRF): loopback, private and link-local networks (the
 * cloud metadata service is 169.254.169.254), carrier-grade NAT, multicast, reserved and
 * documentation ranges are not. The ranges are IANA's special-purpose address registries
 * (RFC 6890 and its updates).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP, isIPv4, isIPv6 } from "node:net";

/**
 * What webhooks do with a target that is not public: `refuse` it (the default), or `allow` it
 * (tests and receivers inside our own network). WEBHOOK_PRIVATE_TARGETS sets it.
 */
export type WebhookPrivateTargets = "refuse" | "allow";

/** IPv4 networks that are not public: [network, prefix length, what it is]. */
export const NOT_PUBLIC_IPV4 = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation (TEST-NET-1)"],
  ["192.88.99.0", 24, "6to4 relay anycast"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation (TEST-NET-2)"],
  ["203.0.113.0", 24, "documentation (TEST-NET-3)"],
  ["224.0.0.0", 4, "multicast"],
  // 255.255.255.255, the broadcast address, is the last of these.
  ["240.0.0.0", 4, "reserved"],
] as const;

/**
 * IPv6 networks that are not public. Anything outside 2000::/3 (global unicast) is refused
 * anyway; those are listed too so that the list reads as the registry does.
 */
export const NOT_PUBLIC_IPV6 = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["64:ff9b:1::", 48, "local-use NAT64"],
  ["100::", 64, "discard-only"],
  ["2001::", 32, "Teredo"],
  ["2001:2::", 48, "benchmarking"],
  ["2001:10::", 28, "ORCHID"],
  ["2001:db8::", 32, "documentation"],
  ["3fff::", 20, "documentation"],
  ["fc00::", 7, "unique local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
] as const;

const notPublic = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_IPV4) notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of NOT_PUBLIC_IPV6) notPublic.addSubnet(network, prefix, "ipv6");

const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad included). */
function ipv6Groups(ip: string): number[] {
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  const text =
    quad === null
      ? ip
      : ip.slice(0, quad.index) +
        [(Number(quad[1]) << 8) | Number(quad[2]), (Number(quad[3]) << 8) | Number(quad[4])]
          .map((group) => group.toString(16))
          .join(":");
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const [head = "", tail] = text.split("::");
  if (tail === undefined) return groups(head);
  const before = groups(head);
  const after = groups(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const dottedQuad = (high: number, low: number): string =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");

/**
 * The IPv4 address an IPv6 one carries and stands for: IPv4-mapped (::ffff:a.b.c.d, how a
 * dual-stack socket sees an IPv4 peer), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::);
 * a gateway turns each into a connection to that IPv4 address.
 */
function embeddedIpv4(groups: readonly number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(5) && g5 === 0xffff) return dottedQuad(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return dottedQuad(g6, g7);
  }
  if (g0 === 0x2002) return dottedQuad(g1 ?? 0, g2 ?? 0);
  return undefined;
}

/**
 * True for an IPv4 or IPv6 address on the public internet; false for any other address and
 * for anything that is not an IP address. An IPv6 address carrying an IPv4 one (mapped, NAT64,
 * 6to4) is judged as that IPv4 address; a scoped one (`fe80::1%eth0`) is never public.
 */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return !notPublic.check(ip, "ipv4");
  if (!isIPv6(ip) || ip.includes("%")) return false;
  const ipv4 = embeddedIpv4(ipv6Groups(ip));
  if (ipv4 !== undefined) return isPublicAddress(ipv4);
  return globalUnicast.check(ip, "ipv6") && !notPublic.check(ip, "ipv6");
}

/** The first of a name's addresses that is not public: one is enough to refuse the name. */
export function firstNotPublic(addresses: readonly { address: string }[]): string | undefined {
  return addresses.find(({ address }) => !isPublicAddress(address))?.address;
}

/**
 * The address a URL's host names literally (`url.hostname`: IPv6 in brackets) when it is not
 * public; undefined for a public address or a name. A literal address is connected to without
 * any DNS lookup, so registration and delivery both judge it from the URL alone.
 */
export function privateLiteralAddress(hostname: string): string | undefined {
  const address = literalAddress(hostname);
  return address !== undefined && !isPublicAddress(address) ? address : undefined;
}

/** The address a URL's host (`url.hostname`: IPv6 in brackets) is, when it is not a name. */
export function literalAddress(hostname: string): string | undefined {
  const address = hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(address) === 0 ? undefined : address;
}

/** Every address a name resolves to, in the resolver's order, as node:dns `lookup` gives them. */
export type HostLookup = (hostname: string) => Promise<readonly { address: string }[]>;

/** The system resolver (`/etc/hosts`, then DNS), as connections use it. */
export const systemLookup: HostLookup = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** How long registration waits for a name's addresses (default of `lookupTimeoutMs`). */
export const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * An address a name (`url.hostname`, not a literal address) resolves to that is not public;
 * undefined when every one is public or the name does not resolve within `timeoutMs`.
 */
export async function privateResolvedAddress(
  hostname: string,
  options: { lookup?: HostLookup; timeoutMs?: number } = {},
): Promise<string | undefined> {
  const { lookup = systemLookup, timeoutMs = LOOKUP_TIMEOUT_MS } = options;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<[]>((resolve) => {
    timer = setTimeout(() => {
      resolve([]);
    }, timeoutMs);
  });
  try {
    return firstNotPublic(await Promise.race([lookup(hostname), late]));
  } catch (failure) {
    // A resolver's failures (ENOTFOUND, EAI_AGAIN, ENODATA…) carry a code; anything else is a bug.
    if (typeof (failure as { code?: unknown } | null)?.code === "string") return undefined;
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
