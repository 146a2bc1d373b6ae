import type { DemoConversation } from "./types";

/**
 * Buyers' enquiries to Shakti Textiles about its products, with its replies: enough answered conversations
 * in the last 90 days for its store and cards to show "Usually replies within 2 hours" (and one still unanswered).
 */
export const CONVERSATIONS: DemoConversation[] = [
  {
    buyer: "brooklyn",
    supplier: "shakti",
    product: 0,
    daysAgo: 4,
    replyAfterHours: 1.5,
    question: "Hi, could you do these towels in sage green for an order of 2,000 pieces?",
    answer:
      "Yes, sage green is one of our stock dyes. 2,000 pieces ship in about 25 days; I will send a lab dip this week.",
  },
  {
    buyer: "lonestar",
    supplier: "shakti",
    product: 1,
    daysAgo: 12,
    replyAfterHours: 3,
    question: "Do you have OEKO-TEX certificates for this fabric?",
    answer: "We do: OEKO-TEX Standard 100, class II. I have attached the certificate number to your RFQ.",
  },
  {
    buyer: "pacific",
    supplier: "shakti",
    product: 2,
    daysAgo: 20,
    replyAfterHours: 2,
    question: "What is your lead time for a repeat order every quarter?",
    answer: "For a standing quarterly order we keep yarn in reserve: 18 days from purchase order.",
  },
  {
    buyer: "brooklyn",
    supplier: "shakti",
    product: 3,
    daysAgo: 35,
    replyAfterHours: 5,
    question: "Can you print our label on the care tag?",
    answer: "Of course. Send the artwork as a PDF and we will make a sample tag.",
  },
  {
    buyer: "lonestar",
    supplier: "shakti",
    product: 4,
    daysAgo: 51,
    replyAfterHours: 0.8,
    question: "Is the MOQ per colour or per order?",
    answer: "Per order: you can split the MOQ over up to four colours.",
  },
  {
    buyer: "pacific",
    supplier: "shakti",
    product: 5,
    daysAgo: 2,
    replyAfterHours: null,
    question: "Could you quote for 5,000 aprons with our logo embroidered?",
    answer: "",
  },
];
