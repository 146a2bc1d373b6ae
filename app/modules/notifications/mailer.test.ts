import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EmailJob } from "~/modules/jobs/job-queue.server";
import { renderEmail } from "./email-templates.server";
import { createMailer } from "./mailer.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-mail-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the development outbox", () => {
  it("writes each message as an .eml file in DATA_DIR/outbox when no SMTP server is set", async () => {
    const outbox = path.join(tempDir(), "outbox");
    const mailer = createMailer({ outboxDir: outbox });
    const link = "http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard";
    await mailer.send(renderEmail({ template: "confirm-email", to: "asha@example.test", name: "Asha", url: link }));
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/asha@example\.test\.eml$/);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(eml).toMatch(/^To: asha@example\.test$/m);
    expect(eml).toMatch(/^Subject: Confirm your e-mail address for Setu$/m);
    expect(eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toContain(link);
  });
});

describe("the e-mail templates", () => {
  it("write the confirmation and the notice as they were written before the templates, with the link and sign-off", () => {
    expect(
      renderEmail({ template: "confirm-email", to: "asha@example.test", name: "Asha", url: "http://x/v?t=1" }),
    ).toEqual({
      to: "asha@example.test",
      subject: "Confirm your e-mail address for Setu",
      text: "Hello Asha,\n\nPlease confirm your e-mail address to start using Setu:\n\nhttp://x/v?t=1\n\nIf you did not create an account, you can ignore this message.\n\nThe Setu team",
      link: "http://x/v?t=1",
    });
    const notice = renderEmail({
      template: "notice",
      to: "ravi@example.test",
      subject: 'New quote on "Cotton"',
      text: "A supplier quoted.\n\nReview and compare quotes:",
      link: "http://x/rfqs/1",
      unsubscribeUrl: "http://x/unsubscribe?u=1",
    });
    expect(notice.text).toBe(
      "A supplier quoted.\n\nReview and compare quotes:\n\nhttp://x/rfqs/1\n\nThe Setu team\n\nStop these e-mails: http://x/unsubscribe?u=1",
    );
    expect(notice.unsubscribeUrl).toBe("http://x/unsubscribe?u=1");
  });

  it("send a message queued, already written, by an older version as it is", () => {
    const legacy: EmailJob = { to: "old@example.test", subject: "Queued before", text: "Body" };
    expect(renderEmail(legacy)).toEqual(legacy);
  });
});
