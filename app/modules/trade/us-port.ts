import type { ShipMode } from "./trade-terms-values";

/**
 * Which US port a shipment to a delivery location enters by, and which lane it travels, from the ports and
 * ZIP tables (migration 0017, editable by an administrator). Pure: the caller loads the tables once.
 */

export type Port = {
  code: string;
  name: string;
  country: "IN" | "US";
  kind: "sea" | "air" | "inland";
  state: string | null;
};
export type ZipPortRange = { zip3From: string; zip3To: string; portCode: string };

/** Where nothing in the location names a place we know: New York / New Jersey, the largest US East Coast port. */
export const DEFAULT_US_PORT = "USNYC";
/** By air, where the location's state has no airport in the table. */
export const DEFAULT_US_AIRPORT = "USJFK";
/** The Indian port goods leave from when a quote names none (EXW and FCA at a factory, CIF, DAP, DDP). */
export const DEFAULT_ORIGIN_PORT = "INNSA";
export const DEFAULT_ORIGIN_AIRPORT = "INBOM";

/** US states and DC: abbreviation, name and the first three digits of their lowest ZIP code (USPS). */
const STATES: [string, string, string][] = [
  ["AL", "Alabama", "350"],
  ["AK", "Alaska", "995"],
  ["AZ", "Arizona", "850"],
  ["AR", "Arkansas", "716"],
  ["CA", "California", "900"],
  ["CO", "Colorado", "800"],
  ["CT", "Connecticut", "060"],
  ["DE", "Delaware", "197"],
  ["DC", "District of Columbia", "200"],
  ["FL", "Florida", "320"],
  ["GA", "Georgia", "300"],
  ["HI", "Hawaii", "967"],
  ["ID", "Idaho", "832"],
  ["IL", "Illinois", "600"],
  ["IN", "Indiana", "460"],
  ["IA", "Iowa", "500"],
  ["KS", "Kansas", "660"],
  ["KY", "Kentucky", "400"],
  ["LA", "Louisiana", "700"],
  ["ME", "Maine", "039"],
  ["MD", "Maryland", "206"],
  ["MA", "Massachusetts", "010"],
  ["MI", "Michigan", "480"],
  ["MN", "Minnesota", "550"],
  ["MS", "Mississippi", "386"],
  ["MO", "Missouri", "630"],
  ["MT", "Montana", "590"],
  ["NE", "Nebraska", "680"],
  ["NV", "Nevada", "889"],
  ["NH", "New Hampshire", "030"],
  ["NJ", "New Jersey", "070"],
  ["NM", "New Mexico", "870"],
  ["NY", "New York", "100"],
  ["NC", "North Carolina", "270"],
  ["ND", "North Dakota", "580"],
  ["OH", "Ohio", "430"],
  ["OK", "Oklahoma", "730"],
  ["OR", "Oregon", "970"],
  ["PA", "Pennsylvania", "150"],
  ["RI", "Rhode Island", "028"],
  ["SC", "South Carolina", "290"],
  ["SD", "South Dakota", "570"],
  ["TN", "Tennessee", "370"],
  ["TX", "Texas", "750"],
  ["UT", "Utah", "840"],
  ["VT", "Vermont", "050"],
  ["VA", "Virginia", "220"],
  ["WA", "Washington", "980"],
  ["WV", "West Virginia", "247"],
  ["WI", "Wisconsin", "530"],
  ["WY", "Wyoming", "820"],
];

export type UsPortMatch = { code: string; how: "zip" | "port" | "state" | "default"; matched: string | null };

function zip3Port(zip3: string, zips: ZipPortRange[]): string | null {
  return zips.find((z) => z.zip3From <= zip3 && zip3 <= z.zip3To)?.portCode ?? null;
}

/** "Los Angeles / Long Beach" → ["los angeles", "long beach"]; "Chicago (rail ramp)" → ["chicago"]. */
function placeNames(port: Port): string[] {
  return port.name
    .replace(/\([^)]*\)/g, "")
    .split("/")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length >= 4);
}

/**
 * The US port for a delivery location written by a person: a 5-digit ZIP code in the text (its first three digits
 * in us_zip_ports); else a US port's code or city name ("Savannah", "USLAX"); else a state, by its two capital
 * letters ("Dayton, OH") or its name, through its lowest ZIP code; else DEFAULT_US_PORT. Only sea and inland ports
 * are answers: airports are found from them by `usAirportFor`.
 */
export function resolveUsPort(location: string, ports: Port[], zips: ZipPortRange[]): UsPortMatch {
  const text = location.slice(0, 500);
  const usPorts = ports.filter((p) => p.country === "US" && p.kind !== "air");
  const known = new Set(usPorts.map((p) => p.code));
  const zip = /(?:^|[^0-9])([0-9]{5})(?:-[0-9]{4})?(?![0-9])/.exec(text);
  if (zip) {
    const code = zip3Port(zip[1]!.slice(0, 3), zips);
    if (code && known.has(code)) return { code, how: "zip", matched: zip[1]! };
  }
  const upper = text.toUpperCase();
  const byCode = usPorts.find((p) => new RegExp(`\\b${p.code}\\b`).test(upper));
  if (byCode) return { code: byCode.code, how: "port", matched: byCode.code };
  const lower = text.toLowerCase();
  for (const port of usPorts) {
    const name = placeNames(port).find((n) =>
      new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lower),
    );
    if (name) return { code: port.code, how: "port", matched: name };
  }
  // a state: two capitals standing alone ("Dayton, OH"), or its name ("Dayton, Ohio"; longest first: "West Virginia")
  const abbreviation = STATES.find(([abbr]) => new RegExp(`(?:^|[\\s,])${abbr}(?:$|[\\s,.])`).test(text));
  const named =
    abbreviation ??
    [...STATES]
      .sort((a, b) => b[1].length - a[1].length)
      .find(([, name]) => new RegExp(`\\b${name}\\b`, "i").test(text));
  if (named) {
    const code = zip3Port(named[2], zips);
    if (code && known.has(code)) return { code, how: "state", matched: named[0] };
  }
  return { code: DEFAULT_US_PORT, how: "default", matched: null };
}

/** By air: an airport in the port's state, else DEFAULT_US_AIRPORT. */
export function usAirportFor(portCode: string, ports: Port[]): string {
  const port = ports.find((p) => p.code === portCode);
  if (port?.kind === "air") return port.code;
  const state = port?.state;
  return (
    ports.find((p) => p.country === "US" && p.kind === "air" && state && p.state === state)?.code ?? DEFAULT_US_AIRPORT
  );
}

/** The Indian port (or airport, by air) goods leave from: the quote's own if it names one, else the stated default. */
export function originFor(
  portCode: string | null | undefined,
  mode: ShipMode,
  ports: Port[],
): { code: string; defaulted: boolean } {
  const port = portCode ? ports.find((p) => p.code === portCode && p.country === "IN") : undefined;
  if (port && (mode === "air" ? port.kind === "air" : port.kind !== "air"))
    return { code: port.code, defaulted: false };
  return { code: mode === "air" ? DEFAULT_ORIGIN_AIRPORT : DEFAULT_ORIGIN_PORT, defaulted: true };
}

/** The US port of arrival for a mode: the port itself by ocean, an airport of its state by air. */
export function destinationFor(portCode: string, mode: ShipMode, ports: Port[]): string {
  return mode === "air" ? usAirportFor(portCode, ports) : portCode;
}

export function laneKey(origin: string, destination: string, mode: ShipMode): string {
  return `${origin}>${destination}>${mode}`;
}
