import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("a client's network", () => {
  it("is an IPv4 address itself, also when written as an IPv4-mapped IPv6 address", () => {
    expect(clientNetwork("203.0.113.5")).toBe("203.0.113.5");
    expect(clientNetwork("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientNetwork("203.0.113.6")).not.toBe(clientNetwork("203.0.113.5"));
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const one = clientNetwork("2001:db8:aa:bb::1");
    expect(one).toBe("2001:db8:aa:bb::/64");
    for (const same of [
      "2001:0db8:00aa:00bb:ffff:1:2:3",
      "2001:DB8:AA:BB:0:0:0:9",
      "2001:db8:aa:bb::1.2.3.4",
      "2001:db8:aa:bb::1%eth0",
    ])
      expect(clientNetwork(same)).toBe(one);
    expect(clientNetwork("2001:db8:aa:bc::1")).not.toBe(one);
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("is one key for a missing address", () => {
    expect(clientNetwork("")).toBe("unknown");
    expect(clientNetwork(undefined)).toBe("unknown");
  });
});
