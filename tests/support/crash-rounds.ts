import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";
import { HttpClient } from "./http-client";
import { postRfq, rfqFormFields } from "./rfq-post";

export type CrashReport = {
  engine: string;
  rounds: number;
  acknowledged: number;
  lost: string[];
  fiveHundreds: number;
};

const PASSWORD = "Wholesale-Route-42";

/**
 * Posts RFQs and quotes to the production server while it is killed with SIGKILL at a random moment, then
 * restarts it on the same data and checks that every write it acknowledged (a redirect after the post) is
 * there. `databaseUrl` runs on PostgreSQL; without it, PGlite in a data directory of its own.
 */
export async function crashRounds(options: {
  rounds: number;
  databaseUrl?: string;
  /** PGlite: a migrated data folder to start from (the e2e templates) rather than an empty one */
  template?: string;
  log?: (line: string) => void;
}): Promise<CrashReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-crash-"));
  const env = {
    DEMO_DATA: "off",
    RATE_LIMIT_SCALE: "1000",
    DATABASE_URL: options.databaseUrl,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  if (options.template && !options.databaseUrl) fs.cpSync(options.template, dataDir, { recursive: true });
  const start = () => startAppServer({ dataDir, env });
  let server: AppServer = await start();
  const report: CrashReport = {
    engine: options.databaseUrl ? "postgres" : "pglite",
    rounds: options.rounds,
    acknowledged: 0,
    lost: [],
    fiveHundreds: 0,
  };
  try {
    const signUp = async (userType: "buyer" | "seller") => {
      const client = new HttpClient(server.url);
      const email = `crash-${userType}-${crypto.randomUUID()}@example.test`;
      const response = await client.post("/auth", {
        intent: "signup",
        userType,
        fullName: "Crash Test",
        companyName: `Crash ${userType}`,
        email,
        phone: "",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
      return email;
    };
    const [buyerEmail, sellerEmail] = [await signUp("buyer"), await signUp("seller")];
    const signIn = async (email: string) => {
      const client = new HttpClient(server.url);
      const response = await client.post("/auth", { intent: "signin", email, password: PASSWORD });
      if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
      return client;
    };
    // an RFQ that the quotes go to, acknowledged before any crash
    let buyer = await signIn(buyerEmail);
    const target = `Crash target ${crypto.randomUUID()}`;
    const rfqId = await postRfq(buyer, target, "Quotes arrive while the server is killed.");
    const acknowledged: Array<{ kind: "rfq" | "quote"; text: string }> = [];

    for (let round = 0; round < options.rounds; round++) {
      buyer = await signIn(buyerEmail);
      const seller = await signIn(sellerEmail);
      let stop = false;
      const writer = async (lane: number) => {
        for (let n = 0; !stop; n++) {
          const text = `r${round}l${lane}n${n}x${crypto.randomBytes(4).toString("hex")}`;
          const quote = lane % 2 === 1;
          try {
            const response = quote
              ? await seller.post(`/rfqs/${rfqId}`, {
                  intent: "quote",
                  price: String(100 + n),
                  quantity: "100",
                  deliveryTimeline: "30 days",
                  terms: `Terms ${text}`,
                })
              : await buyer.post("/create-rfq", rfqFormFields(`Crash ${text}`, "Written while the server may die."));
            if (response.status >= 500) report.fiveHundreds++;
            if (response.status === 302) acknowledged.push({ kind: quote ? "quote" : "rfq", text });
          } catch {
            return; // the server died under this request: not acknowledged
          }
        }
      };
      const acknowledgedBefore = acknowledged.length;
      const lanes = [0, 1, 2, 3].map(writer);
      // the kill comes at a random moment after this round's first acknowledged write, so every round puts some
      // acknowledged writes at stake however slow the machine is (on a loaded CI machine a fixed delay could end
      // every round before its first answer, and the test would then prove nothing)
      const firstAnswerBy = Date.now() + 60_000;
      while (acknowledged.length === acknowledgedBefore && Date.now() < firstAnswerBy) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      server.process.kill("SIGKILL");
      stop = true;
      await Promise.all(lanes);
      await server.stop();
      server = await start();
    }

    // every acknowledged write is there after the last restart
    const reader = await signIn(buyerEmail);
    const quotesPage = await (await reader.get(`/rfqs/${rfqId}`)).text();
    for (const write of acknowledged) {
      const present =
        write.kind === "quote"
          ? quotesPage.includes(`Terms ${write.text}`)
          : (await (await reader.get(`/rfqs?mine=1&q=${encodeURIComponent(`Crash ${write.text}`)}`)).text()).includes(
              write.text,
            );
      if (!present) report.lost.push(`${write.kind} ${write.text}`);
    }
    report.acknowledged = acknowledged.length;
    options.log?.(
      `${report.engine}: ${report.rounds} rounds, ${report.acknowledged} acknowledged writes, ${report.lost.length} lost, ${report.fiveHundreds} answers >= 500`,
    );
    return report;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
