import { dictionary } from "@zxcvbn-ts/language-common";

// The 10,000 most common passwords (ranked list shipped offline with zxcvbn-ts).
const COMMON = new Set(dictionary["passwords-common"].slice(0, 10_000));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
