// `npm run make-admin -- someone@example.dk`: makes an existing account an admin (the first staff account).
import { makeAdmin } from "../src/server/accounts/service";
import { closeDb } from "../src/server/db";

const email = process.argv[2];
if (!email) {
  console.error("usage: npm run make-admin -- <email>");
  process.exit(2);
}
const done = await makeAdmin(email);
console.log(done ? `${email} is now an admin.` : `No account with the e-mail ${email}.`);
await closeDb();
process.exit(done ? 0 : 1);
