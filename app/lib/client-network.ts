import ipaddr from "ipaddr.js";

/**
 * The network a client address stands for, as one key: an IPv4 address as is, an IPv6 address by its /64 (one
 * home or phone gets a whole /64, so its addresses are one client), an IPv4-mapped IPv6 address as its IPv4.
 * The address is the one the server determined (Express's req.ip, which honours TRUST_PROXY), never a header.
 * Used wherever one client's share is counted: live streams, views and QR scans.
 */
export function clientNetwork(address: string | null | undefined): string {
  const text = (address ?? "").trim().replace(/%.*$/, "");
  if (text === "") return "unknown";
  if (!ipaddr.isValid(text)) return text.toLowerCase();
  const ip = ipaddr.process(text);
  if (ip.kind() === "ipv4") return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}
