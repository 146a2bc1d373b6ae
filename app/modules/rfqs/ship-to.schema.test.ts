import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/command-result";
import { rfqDetailActionSchema } from "./rfq.schema";

const accept = (fields: Record<string, string>) =>
  parseInput(rfqDetailActionSchema, { intent: "accept", quoteId: "q", ...fields });

describe("the ship-to address a buyer gives when accepting a quote", () => {
  it("needs the consignee's name and a full US address with its ZIP code; the notify party is optional", () => {
    expect(
      accept({ shipToName: "Brooklyn Home Goods LLC", shipToAddress: "250 Marginal Street\nBrooklyn, NY 11231" }),
    ).toMatchObject({
      ok: true,
      value: {
        shipToName: "Brooklyn Home Goods LLC",
        shipToAddress: "250 Marginal Street\nBrooklyn, NY 11231",
        notifyParty: null,
      },
    });
    expect(accept({})).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { shipToName: "Enter the consignee's name", shipToAddress: "Enter the full ship-to address" },
    });
    expect(accept({ shipToName: " ", shipToAddress: "Brooklyn" })).toMatchObject({
      ok: false,
      fieldErrors: {
        shipToName: "Enter the consignee's name",
        shipToAddress: "Enter the full ship-to address: street, city, state and ZIP code",
      },
    });
    expect(
      accept({ shipToName: "Brooklyn Home Goods LLC", shipToAddress: "250 Marginal Street, Brooklyn, NY" }),
    ).toMatchObject({ ok: false, fieldErrors: { shipToAddress: "Include the ZIP code in the ship-to address" } });
    expect(
      accept({
        shipToName: "Brooklyn Home Goods LLC",
        shipToAddress: "250 Marginal Street, Brooklyn, NY 11231-4410",
        notifyParty: "Atlantic Customs Brokerage Inc.",
      }),
    ).toMatchObject({ ok: true, value: { notifyParty: "Atlantic Customs Brokerage Inc." } });
  });
});
