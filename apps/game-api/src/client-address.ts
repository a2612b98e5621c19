/**
 * The address a request came from, for sign-in throttling (docs/accounts.md, Sign-in
 * defences): the socket's peer, unless that peer is a proxy we trust (the web and admin apps'
 * relays, an ingress), in which case the address it forwarded in X-Forwarded-For, hop by hop
 * from the nearest. A caller reaching the game API directly cannot pick its address by writing
 * the header.
 */
import { BlockList, isIP } from "node:net";

/** The proxies of TRUSTED_PROXIES: addresses and CIDR ranges. */
export interface TrustedProxies {
  has(address: string): boolean;
}

const familyOf = (address: string): "ipv4" | "ipv6" | undefined =>
  (({ 4: "ipv4", 6: "ipv6" }) as const)[isIP(address) as 4 | 6];

/** `10.0.0.5`, `::1` or `10.42.0.0/16`; an entry that is neither throws. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = familyOf(address);
    if (family === undefined) throw new Error(`not an address or CIDR range: ${entry}`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return {
    has(address) {
      const family = familyOf(address);
      return family !== undefined && list.check(address, family);
    },
  };
}

/** `::ffff:127.0.0.1` (an IPv4 peer of a dual-stack socket) is 127.0.0.1. */
const plain = (address: string): string => address.trim().replace(/^::ffff:(?=\d+\.)/, "");

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map(plain)
    .filter((hop) => hop !== "");
  let address = plain(peer ?? "unknown");
  while (trusted.has(address) && hops.length > 0) address = hops.pop()!;
  return address;
}
