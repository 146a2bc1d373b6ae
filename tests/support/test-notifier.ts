import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../app/db/client.server";
import { startJobQueue, type JobData, type JobQueue } from "../../app/modules/jobs/job-queue.server";
import { renderEmail, type MailMessage } from "../../app/modules/notifications/email-templates.server";
import type { Notifier } from "../../app/modules/notifications/notifications.server";
import { emailAddressOf, preferredLanguageFor } from "../../app/modules/accounts/profiles.server";
import type { TestDatabase } from "./test-database";

/**
 * A real job queue on the test database (no workers: jobs stay queued) and the notifier domain commands
 * take. `stop` before dropping the database.
 */
export async function testNotifier(database: TestDatabase): Promise<{ notifier: Notifier; jobs: JobQueue }> {
  const jobs = await startJobQueue(database, database.url);
  return {
    jobs,
    notifier: {
      jobs,
      publicUrl: "http://setu.test",
      secret: "test-secret-for-unsubscribe-links",
      addressOf: emailAddressOf,
      // as the runtime gives it: e-mails in the recipient's chosen language
      languageOf: preferredLanguageFor,
    },
  };
}

/** The e-mails waiting in the job queue, oldest first, as they will be sent (rendered from their templates). */
export async function queuedEmails(db: Db): Promise<MailMessage[]> {
  const rows = await queryRows<{ data: JobData["email"] }>(
    db,
    sql`select data from pgboss.job where name = 'email' order by created_on, id`,
  );
  return rows.map((row) => renderEmail(row.data));
}
