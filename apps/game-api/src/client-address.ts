/**
 * The address a request came from, for sign-in throttling (docs/security.md): the socket's peer,
 * unless that peer is a proxy we trust (the web and admin apps' relays, an ingress), in which case
 * the address it forwarded in X-Forwarded-For, hop by hop from the nearest. A caller reaching the
 * game API directly cannot pick its address by writing the header.
 */

/** `::ffff:127.0.0.1` (an IPv4 peer of a dual-stack socket) is 127.0.0.1. */
const plain = (address: string): string => address.trim().replace(/^::ffff:(?=\d+\.)/, "");

export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: ReadonlySet<string>,
): string {
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map(plain)
    .filter((hop) => hop !== "");
  let address = plain(peer ?? "unknown");
  while (trustedProxies.has(address) && hops.length > 0) address = hops.pop()!;
  return address;
}
