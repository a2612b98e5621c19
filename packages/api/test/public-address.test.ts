import { isIP } from "node:net";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { isPublicAddress, NOT_PUBLIC_IPV4, NOT_PUBLIC_IPV6 } from "../src/domain/public-address";

describe("isPublicAddress: what a webhook may be sent to", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback, the whole /8"],
    ["10.0.0.5", "private 10/8"],
    ["172.16.0.1", "private 172.16/12, first"],
    ["172.31.255.255", "private 172.16/12, last"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "the cloud metadata service (link-local)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT, last"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network, the whole /8"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking, last"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["::", "IPv6 unspecified"],
    ["::1", "IPv6 loopback"],
    ["0:0:0:0:0:0:0:1", "IPv6 loopback, written out"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local, scoped"],
    ["febf:ffff::1", "IPv6 link-local, last /10"],
    ["fc00::1", "unique local"],
    ["fd12:3456:789a::1", "unique local"],
    ["ff02::1", "IPv6 multicast"],
    ["2001:db8::1", "IPv6 documentation"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:a00:5", "IPv4-mapped 10.0.0.5, in hex"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata service"],
    ["64:ff9b::10.0.0.5", "NAT64 of a private address"],
    ["64:ff9b::7f00:1", "NAT64 of loopback, in hex"],
    ["2002:a00:5::1", "6to4 of 10.0.0.5"],
    ["2002:c0a8:101::", "6to4 of 192.168.1.1"],
    ["::10.0.0.5", "IPv4-compatible (deprecated)"],
    ["2001::1", "Teredo"],
    ["localhost", "a name, not an address"],
    ["", "nothing"],
    ["10.0.0.256", "not an address"],
    ["[::1]", "a URL's brackets, not an address"],
  ])("%s is not public (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    ["8.8.8.8", "a resolver"],
    ["1.1.1.1", "a resolver"],
    ["93.184.215.14", "a web server"],
    ["9.255.255.255", "just below 10/8"],
    ["11.0.0.0", "just above 10/8"],
    ["172.15.255.255", "just below 172.16/12"],
    ["172.32.0.0", "just above 172.16/12"],
    ["100.63.255.255", "just below carrier-grade NAT"],
    ["100.128.0.0", "just above carrier-grade NAT"],
    ["169.253.255.255", "just below link-local"],
    ["192.0.3.1", "between the IETF and documentation /24s"],
    ["198.17.255.255", "just below benchmarking"],
    ["223.255.255.255", "just below multicast"],
    ["2606:4700:4700::1111", "a resolver over IPv6"],
    ["2a00:1450:4001::200e", "a web server over IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped public address"],
    ["64:ff9b::808:808", "NAT64 of a public address"],
    ["2002:808:808::1", "6to4 of a public address"],
  ])("%s is public (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

/** Any address inside one of the ranges: the network's first bits, then anything. */
const ipv4Within = (network: string, prefix: number) => {
  const base = network.split(".").reduce((sum, octet) => sum * 256 + Number(octet), 0);
  return fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => ipv4Of(base + offset));
};
const ipv4Of = (value: number) =>
  [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join(".");
const hex16 = (high: number, low: number) => ((high << 8) | low).toString(16);
/** The four octets of an IPv4 address as two IPv6 groups, `a00:5` for 10.0.0.5. */
const asGroups = (ipv4: string) => {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split(".").map(Number);
  return `${hex16(a, b)}:${hex16(c, d)}`;
};

const notPublicIpv4 = fc.oneof(
  ...NOT_PUBLIC_IPV4.map(([network, prefix]) => ipv4Within(network, prefix)),
);
/** Eight random 16-bit groups with the network's first `prefix` bits: an address inside it. */
const ipv6Within = (network: string, prefix: number) =>
  fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).map((random) =>
    expandedGroups(network)
      .map((group, index) => {
        const fromNetwork = Math.min(Math.max(prefix - 16 * index, 0), 16);
        const mask = (0xffff << (16 - fromNetwork)) & 0xffff;
        return ((group & mask) | (random[index]! & ~mask & 0xffff)).toString(16);
      })
      .join(":"),
  );
const notPublicIpv6 = fc.oneof(
  ...NOT_PUBLIC_IPV6.map(([network, prefix]) => ipv6Within(network, prefix)),
);

/** The eight groups of an IPv6 address written without a dotted quad. */
function expandedGroups(ip: string): number[] {
  const [head = "", tail] = ip.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  if (tail === undefined) return parse(head);
  const before = parse(head);
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

describe("isPublicAddress: properties", () => {
  it("no address inside a listed IPv4 range is public, nor its mapped, NAT64 or 6to4 form", () => {
    fc.assert(
      fc.property(notPublicIpv4, (ip) => {
        expect(isPublicAddress(ip)).toBe(false);
        expect(isPublicAddress(`::ffff:${ip}`)).toBe(false);
        expect(isPublicAddress(`::ffff:${asGroups(ip)}`)).toBe(false);
        expect(isPublicAddress(`64:ff9b::${ip}`)).toBe(false);
        expect(isPublicAddress(`2002:${asGroups(ip)}::1`)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("an IPv6 address carrying an IPv4 one is judged as that IPv4 address, written either way", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        const judged = isPublicAddress(ip);
        expect(isPublicAddress(`::ffff:${ip}`)).toBe(judged);
        expect(isPublicAddress(`::ffff:${asGroups(ip)}`)).toBe(judged);
        expect(isPublicAddress(`64:ff9b::${ip}`)).toBe(judged);
        expect(isPublicAddress(`2002:${asGroups(ip)}:1::1`)).toBe(judged);
      }),
      { numRuns: 2000 },
    );
  });

  it("an IPv4 address is public exactly when no listed range holds it", () => {
    const ranges = NOT_PUBLIC_IPV4.map(([network, prefix]) => {
      const base = network.split(".").reduce((sum, octet) => sum * 256 + Number(octet), 0);
      return [base, base + 2 ** (32 - prefix) - 1] as const;
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (value) => {
        const listed = ranges.some(([first, last]) => value >= first && value <= last);
        expect(isPublicAddress(ipv4Of(value))).toBe(!listed);
      }),
      { numRuns: 5000 },
    );
  });

  it("no address inside a listed IPv6 range is public", () => {
    fc.assert(
      fc.property(notPublicIpv6, (ip) => {
        expect(isPublicAddress(ip)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("an IPv6 address outside global unicast (2000::/3) is never public", () => {
    // 0000::/3 holds the mapped, NAT64 and IPv4-compatible forms: judged by their IPv4 above.
    const outside = fc.oneof(
      ...["4000::", "6000::", "8000::", "a000::", "c000::", "e000::"].map((network) =>
        ipv6Within(network, 3),
      ),
    );
    fc.assert(
      fc.property(outside, (ip) => {
        expect(isPublicAddress(ip)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("anything that is not an IP address is not public", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.domain()).filter((text) => isIP(text) === 0),
        (text) => {
          expect(isPublicAddress(text)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
