import { describe, expect, it } from "vitest";
import { adValoremRate, HTS_IMPORT_MAX_LINES, parseHtsExport } from "./hts-import.server";

describe("USITC HTS export import", () => {
  it("reads ad valorem rates: Free is 0, 6.7% is 6.7; footnote marks are dropped", () => {
    expect(adValoremRate("Free")).toBe("0");
    expect(adValoremRate(" 6.7% ")).toBe("6.7");
    expect(adValoremRate("16.5%")).toBe("16.5");
    expect(adValoremRate("9.1%1/")).toBe("9.1");
    expect(adValoremRate("2.2¢/kg")).toBeNull();
    expect(adValoremRate("4.4¢/kg + 6%")).toBeNull();
    expect(adValoremRate("$1.35/doz.")).toBeNull();
    expect(adValoremRate("5000%")).toBeNull();
    expect(adValoremRate("-3%")).toBeNull();
  });

  it("reads the CSV export: its own column names, headings without rates, specific rates counted", () => {
    const csv = [
      '"HTS Number","Indent","Description","Unit of Quantity","General Rate of Duty","Special Rate of Duty","Column 2 Rate of Duty"',
      '"6302","0","Bed linen, table linen, toilet linen and kitchen linen:","","","",""',
      '"6302.60.00","1","Toilet linen and kitchen linen, of terry toweling, of cotton","","9.1%","Free (AU,BH)","40%"',
      '"6302.60.00.10","2","Towels, dish","doz. kg","","",""',
      '"0406.10.04","1","Fresh cheese, ""quoted"", and curd","kg","10¢/kg","Free","35.3¢/kg"',
      '"0904.11.00","1","Pepper, neither crushed nor ground","kg","Free","","5¢/kg"',
      '"","","A heading line with no number","","","",""',
    ].join("\n");
    const result = parseHtsExport(csv);
    expect(result).toEqual({
      ok: true,
      rates: [
        {
          hsPrefix: "63026000",
          description: "Toilet linen and kitchen linen, of terry toweling, of cotton",
          ratePercent: "9.1",
        },
        { hsPrefix: "09041100", description: "Pepper, neither crushed nor ground", ratePercent: "0" },
      ],
      // every 10-digit line, rate or not, with its subheading's text: the numbers products and quotes state
      lines: [
        {
          code: "6302600010",
          description: "Toilet linen and kitchen linen, of terry toweling, of cotton: Towels, dish",
        },
      ],
      skippedSpecific: 1,
      skippedNoRate: 3,
      skippedInvalid: 0,
      examples: ["04061004: 10¢/kg"],
    });
  });

  it("reads the JSON export (htsno, description, general) and a plain CSV with those columns", () => {
    const json = JSON.stringify([
      { htsno: "6109.10.00", indent: "1", description: "Of cotton", general: "16.5%" },
      { htsno: "6109.10.00.04", indent: "2", description: "Men's", general: "" },
    ]);
    expect(parseHtsExport(json)).toMatchObject({
      ok: true,
      rates: [{ hsPrefix: "61091000", ratePercent: "16.5" }],
      skippedNoRate: 1,
    });
    expect(parseHtsExport("\uFEFFhtsno,description,general\n7323.93.00,Of stainless steel,2%\n")).toMatchObject({
      ok: true,
      rates: [{ hsPrefix: "73239300", ratePercent: "2" }],
    });
  });

  it("refuses hostile and broken files with a message, never an exception", () => {
    const refusals: [string, RegExp][] = [
      ["", /empty/],
      ["   \n\n", /empty/],
      ["[1, 2, 3]", /must be an object/],
      ['{"not": "a list"}', /list of HTS lines/],
      ["[{", /could not be read as JSON/],
      ['htsno,general\n"6302,"9.1%\n', /CSV file could not be read/],
      ["name,price\nwidget,5\n", /columns htsno and general/],
      ["\u0000\u0001PK binary", /not a text file/],
      [JSON.stringify([{ htsno: ["6302"], general: { rate: 1 } }]), /./],
    ];
    for (const [text, message] of refusals) {
      const result = parseHtsExport(text);
      if (result.ok) {
        // the odd-typed JSON entry is read as text and skipped, not imported
        expect(result.rates).toEqual([]);
      } else {
        expect(result.message).toMatch(message);
      }
    }
    // numbers that are not HTS numbers are counted, not imported
    expect(parseHtsExport("htsno,general\n'; drop table duty_rates; --,5%\n12345678901,5%\n1,5%\n")).toMatchObject({
      ok: true,
      rates: [],
      skippedInvalid: 3,
    });
  });

  it("refuses a file with too many lines", () => {
    const big = [
      "htsno,general",
      ...Array.from({ length: HTS_IMPORT_MAX_LINES + 5 }, (_, i) => `${String(10_000_000 + i)},1%`),
    ].join("\n");
    expect(parseHtsExport(big)).toMatchObject({ ok: false, message: expect.stringMatching(/more than 60,000 lines/) });
  });
});
