import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a client address stands for when counting what one client does: an IPv4 address itself (an
 * IPv4-mapped IPv6 address, `::ffff:203.0.113.7`, is that IPv4 address), an IPv6 address's /64 (one subscriber
 * usually holds a whole /64 and can pick any address in it). Anything else is returned as it is.
 */
export function addressNetwork(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Hextets(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, a trailing IPv4 part read). */
function ipv6Hextets(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const front = head ? head.split(":") : [];
  const back = tail === undefined ? [] : tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16));
}
