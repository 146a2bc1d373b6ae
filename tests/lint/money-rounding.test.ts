import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/**
 * Money is one value (issue #39 item 3, decision record 0050): amounts are integer minor units, rounded by one rule
 * (half away from zero) in app/lib/money-minor.ts and shown by app/lib/money.ts. Rounding money anywhere else with
 * a float (Math.round, Math.floor, Math.ceil, Math.trunc, toFixed), or turning minor units into a float of dollars
 * (÷ 100) and back (× 100), fails here.
 *
 * What counts as money: an expression that names an amount, by the words the codebase uses for one (MONEY_WORDS:
 * cents, paise, minor, price, amount, usd, inr, dollars, rupees, money, budget, cost, fee, duty, refund,
 * settlement, revenue, spend), as a whole identifier or a part of one in camelCase (`priceCents`, `totalMinor`,
 * `unitPrice`); not "total", which counts results as often as money (`total.count`), while a money total is
 * `totalCents` or `totalMinor`. Only the rounded expression is read: the parenthesised argument of a Math call,
 * the operand before `.toFixed(`, the name beside `/ 100` or `* 100`. Widths, bytes, ratings, percentages and
 * quantities are not money and pass.
 */
const ALLOWED: Map<string, string> = new Map([
  // none: the two money files round with bigint arithmetic and format with Intl, and need no float rounding
]);

const MONEY_WORDS =
  /(cents|paise|minor|price|amount|usd|inr|dollars?|rupees?|money|budget|cost|fee|duty|refund|settlement|revenue|spend)/i;

/** Splits identifiers into their camelCase words so "priceCents" reads as price + cents and "separate" as itself. */
function namesMoney(expression: string): boolean {
  const identifiers = expression.match(/[A-Za-z_$][\w$]*/g) ?? [];
  return identifiers.some((identifier) =>
    identifier
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .split(/[\s_$]+/)
      .some((word) => new RegExp(`^${MONEY_WORDS.source}$`, "i").test(word)),
  );
}

/** The text inside the parentheses that open at `open`, on the same line (or the rest of the line). */
function groupAfter(line: string, open: number): string {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    if (line[i] === "(") depth++;
    else if (line[i] === ")" && --depth === 0) return line.slice(open + 1, i);
  }
  return line.slice(open + 1);
}

/** The operand that ends just before `end`: a parenthesised group with what calls it, or a chain of names. */
function operandBefore(line: string, end: number): string {
  let i = end;
  if (line[i - 1] === ")") {
    let depth = 0;
    for (i = end - 1; i >= 0; i--) {
      if (line[i] === ")") depth++;
      else if (line[i] === "(" && --depth === 0) break;
    }
  }
  const chain = /[\w$.!?[\]]*$/.exec(line.slice(0, Math.max(i, 0)))?.[0] ?? "";
  return chain + line.slice(Math.max(i, 0), end);
}

function floatRoundingOfMoney(file: string, text: string): string[] {
  if (ALLOWED.has(file)) return [];
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    const at = (what: string, expression: string) =>
      found.push(`${file}:${index + 1}: ${what} on money (${expression.trim()}): ${line.trim()}`);
    for (const match of line.matchAll(/Math\.(round|floor|ceil|trunc)\(/g))
      if (namesMoney(groupAfter(line, match.index + match[0].length - 1)))
        at(`Math.${match[1]}`, groupAfter(line, match.index + match[0].length - 1));
    for (const match of line.matchAll(/\.toFixed\(/g)) {
      const operand = operandBefore(line, match.index);
      if (namesMoney(operand)) at("toFixed", operand);
    }
    for (const match of line.matchAll(/([\w$.!?]+)\s*([*/])\s*100(?![\w.])/g))
      if (namesMoney(match[1]!)) at(match[2] === "/" ? "÷ 100 into a float" : "× 100 from a float", match[0]);
    for (const match of line.matchAll(/(?<![\w.])100\s*\*\s*([\w$.!?]+)/g))
      if (namesMoney(match[1]!)) at("× 100 from a float", match[0]);
  });
  return found;
}

describe("money is rounded in one place", () => {
  it("finds no float rounding of money in app/ or seed/", () => {
    const found = ["app", "seed"].flatMap((root) =>
      sourceFiles(root).flatMap((file) => floatRoundingOfMoney(file, fs.readFileSync(file, "utf8"))),
    );
    expect(found).toEqual([]);
  });

  it("would catch each kind (the probes), and lets rounding that is not money be", () => {
    const probes = [
      "unitPriceCents: Math.round(quote.totalCents / quote.quantity),",
      "priceCents: price === null ? null : Math.round(price * 100),",
      "const floors = split.map((part) => Math.floor((totalCents * part.percent) / 100));",
      "return `$${(amount / 100).toFixed(2)}`;",
      "const cents = (usd: number) => Math.round(usd * 100);",
      "{ value: compactUsd.format(figures.orderValueCents / 100) }",
      "variants.map(({ price, ...v }) => ({ ...v, price: price / 100 }))",
      "const shown = unitPrice.toFixed(2);",
      "const paise = Math.ceil(100 * rupees);",
    ];
    for (const probe of probes)
      expect(floatRoundingOfMoney("app/routes/probe.tsx", probe).length, probe).toBeGreaterThanOrEqual(1);
    for (const fine of [
      "return Math.round(value / grid) * grid;",
      "width={Math.max(1, Math.round(banner.width))}",
      "replyRatePercent: started > 0 ? Math.round((answered / started) * 100) : 100,",
      "return rate === null ? '—' : `${Math.round(rate * 100)}%`;",
      "({Math.max(1, Math.round(document.sizeBytes / 1024))} KB)",
      "const overall = ((input.productQuality + input.communication) / 3).toFixed(1);",
      "const unitWeightGrams = weightKg ? Math.max(1, Math.round(weightKg * 1000)) : null;",
      "const gross = Math.round(trade.quantity * 450 * 1.06);",
      "left: `${(banner.x / EDITOR.autoWidth) * 100}%`,",
      "const dollars = (whole: number) => formatMoney(whole * 100, 'USD', { whole: true });",
      "const priority = Math.round(separation / 2);",
      "pageCount: Math.max(1, Math.ceil(total.count / PRODUCTS_PER_PAGE)),",
    ])
      expect(floatRoundingOfMoney("app/routes/probe.tsx", fine), fine).toEqual([]);
  });
});
