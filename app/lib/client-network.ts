/**
 * The network a client address stands for, as one key: an IPv4 address as is, an IPv6 address by its /64 (one
 * home or phone gets a whole /64, so its addresses are one client), an IPv4-mapped IPv6 address as its IPv4.
 * The address is the one the server determined (Express's req.ip, which honours TRUST_PROXY), never a header.
 */
export function clientNetwork(address: string | null | undefined): string {
  let ip = (address ?? "").trim().toLowerCase();
  if (ip === "") return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  ip = ip.replace(/%.*$/, "");
  // an IPv4 tail (::1.2.3.4) is two groups
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    ip = `${ip.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = ip.split("::", 2);
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
          ...tailGroups,
        ];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g || "0", 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push("0");
  return `${prefix.join(":")}::/64`;
}
