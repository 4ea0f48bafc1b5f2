// Staff's billing commands (issue 31), until the admin screen comes:
//   npm run billing -- mark-paid <invoice number> [--reference <text>] [--date YYYY-MM-DD]
//   npm run billing -- list [--unpaid]
import { parseArgs } from "node:util";
import { listInvoices, markInvoicePaid } from "../src/server/billing/payments";
import { closeDb, getDb } from "../src/server/db";

const USAGE = [
  "usage: npm run billing -- mark-paid <invoice number> [--reference <text>] [--date YYYY-MM-DD]",
  "       npm run billing -- list [--unpaid]",
].join("\n");

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { reference: { type: "string" }, date: { type: "string" }, unpaid: { type: "boolean" } },
});
const [command, arg] = positionals;
const amount = (minor: number) => (minor / 100).toFixed(2);

async function run(): Promise<number> {
  const db = await getDb();
  if (command === "mark-paid") {
    const number = Number(arg);
    if (!arg || !Number.isInteger(number) || number < 1) fail(USAGE);
    if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) fail("--date must be YYYY-MM-DD");
    const now = new Date();
    const paidAt = values.date ? new Date(`${values.date}T12:00:00Z`) : now;
    if (Number.isNaN(paidAt.getTime())) fail("--date must be a real date");
    const result = await markInvoicePaid(db, { number, paidAt, reference: values.reference ?? null }, now);
    if (result.outcome === "unknown") {
      console.error(`No invoice number ${number}.`);
      return 1;
    }
    const { invoice } = result;
    if (result.outcome === "alreadyPaid") console.log(`Invoice ${number} was already paid; nothing changed.`);
    else
      console.log(
        `Invoice ${number} (${amount(invoice.amount)} ${invoice.currency}) marked paid on ${paidAt.toISOString().slice(0, 10)}` +
          (values.reference ? ` with reference ${values.reference}.` : "."),
      );
    return 0;
  }
  if (command === "list") {
    const rows = await listInvoices(db, { unpaidOnly: values.unpaid === true });
    if (rows.length === 0) console.log(values.unpaid ? "No unpaid invoices." : "No invoices.");
    for (const row of rows) {
      console.log([row.number, row.date, row.customer, `${amount(row.total)} ${row.currency}`, row.status].join("\t"));
    }
    return 0;
  }
  fail(USAGE);
}

const code = await run();
await closeDb();
process.exit(code);
