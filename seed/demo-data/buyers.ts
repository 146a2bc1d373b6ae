import type { DemoBuyer } from "./types";

/** The demo buyers: US businesses, one still awaiting verification. */
export const BUYERS: DemoBuyer[] = [
  {
    key: "brooklyn",
    timeZone: "America/New_York",
    email: "sarah@brooklyn-home-goods.example",
    fullName: "Sarah Mitchell",
    companyName: "Brooklyn Home Goods LLC",
    phone: "+1 718 555 0142",
    verificationStatus: "verified",
  },
  {
    key: "lonestar",
    timeZone: "America/Chicago",
    email: "michael@lonestar-auto.example",
    fullName: "Michael Torres",
    companyName: "Lone Star Auto Supply Inc.",
    phone: "+1 713 555 0187",
    verificationStatus: "verified",
  },
  {
    key: "pacific",
    timeZone: "America/Los_Angeles",
    email: "jennifer@pacific-fresh-foods.example",
    fullName: "Jennifer Park",
    companyName: "Pacific Fresh Foods Co.",
    phone: "+1 510 555 0163",
    verificationStatus: "pending",
  },
];
