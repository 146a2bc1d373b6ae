import { SMTPServer } from "smtp-server";
import { freePort } from "./app-server";

/** A local SMTP server (the real protocol peer of nodemailer) that keeps every message it receives, raw. */
export type SmtpInbox = {
  url: string;
  messages: string[];
  /** The first message that `match` accepts, waiting up to `timeoutMs` for it to arrive. */
  waitFor: (match: (raw: string) => boolean, timeoutMs?: number) => Promise<string>;
  /** How many messages `match` accepts, once `count` have arrived or the time is up. */
  waitForCount: (match: (raw: string) => boolean, count: number, timeoutMs?: number) => Promise<number>;
  close: () => Promise<void>;
};

/** `port`: a given one, e.g. the address a server was told while nothing listened there (SMTP down). */
export async function startSmtpInbox(port?: number): Promise<SmtpInbox> {
  port ??= await freePort();
  const messages: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        messages.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  const waitForCount = async (match: (raw: string) => boolean, count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (messages.filter(match).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return messages.filter(match).length;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForCount,
    waitFor: async (match, timeoutMs) => {
      await waitForCount(match, 1, timeoutMs);
      const found = messages.find(match);
      if (!found)
        throw new Error(`no matching e-mail arrived within ${timeoutMs ?? 10_000} ms (${messages.length} received)`);
      return found;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A message's body as written: quoted-printable soft line breaks and "=3D" undone. */
export function unfoldQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}
