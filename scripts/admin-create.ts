// Grants the administrator role to an existing account: npm run admin:create -- someone@example.com
// With the embedded database, stop the server first (one process may open DATA_DIR at a time).
import { openConfiguredDatabase } from "~/db/client.server";
import { grantAdmin } from "~/modules/accounts/profile-commands.server";

const email = process.argv[2];
if (!email || !email.includes("@")) {
  console.error("Usage: npm run admin:create -- EMAIL");
  process.exit(2);
}
try {
  const database = await openConfiguredDatabase();
  try {
    const granted = await grantAdmin(database.db, email);
    if (!granted) {
      console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
      process.exitCode = 1;
    } else {
      console.log(`${email} is now an administrator. They can review sellers at /admin/verifications.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
