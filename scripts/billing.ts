// Staff's billing commands (issues 31 and 32), beside the admin screen:
//   npm run billing -- mark-paid <invoice number> [--amount <kr>] [--reference <text>] [--date YYYY-MM-DD]
//   npm run billing -- credit <invoice number> --reason <text>
//   npm run billing -- list [--unpaid]
//   npm run billing -- csv [--site <site>] [--status <status>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] > invoices.csv
import { parseArgs } from "node:util";
import { issueCreditNote } from "../src/server/billing/credit-notes";
import { invoicesCsv } from "../src/server/billing/invoices-csv";
import { isDay, listInvoices, recordPayment } from "../src/server/billing/payments";
import { closeDb, getDb } from "../src/server/db";
import type { InvoiceStatus } from "../src/server/db/schema";
import { isSiteId } from "../src/sites/registry";

const USAGE = [
  "usage: npm run billing -- mark-paid <invoice number> [--amount <amount, e.g. 1500.00>] [--reference <text>] [--date YYYY-MM-DD]",
  "       npm run billing -- credit <invoice number> --reason <text>",
  "       npm run billing -- list [--unpaid]",
  "       npm run billing -- csv [--site <site>] [--status pending|paid|overdue|credited] [--from YYYY-MM-DD] [--to YYYY-MM-DD] > invoices.csv",
].join("\n");

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    reference: { type: "string" },
    date: { type: "string" },
    amount: { type: "string" },
    reason: { type: "string" },
    site: { type: "string" },
    status: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    unpaid: { type: "boolean" },
  },
});
const [command, arg] = positionals;
const amount = (minor: number) => (minor / 100).toFixed(2);

/** "1500", "1500.5", "1.500,50": kroner with at most two decimals, as minor units; null when it is none. */
function parseAmount(text: string): number | null {
  const normalised = /,\d{1,2}$/.test(text) ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

async function markPaid(): Promise<number> {
  const number = Number(arg);
  if (!arg || !Number.isInteger(number) || number < 1) fail(USAGE);
  const now = new Date();
  const paidOn = values.date ?? now.toISOString().slice(0, 10);
  if (!isDay(paidOn)) fail("--date must be a real date, YYYY-MM-DD");
  const minor = values.amount === undefined ? undefined : parseAmount(values.amount);
  if (minor === null) fail("--amount must be an amount such as 1500.00");
  const result = await recordPayment(await getDb(), {
    invoiceNumber: number,
    paidOn,
    amount: minor,
    reference: values.reference,
    recordedBy: null,
    now,
  });
  const withReference = values.reference ? ` with reference ${values.reference}` : "";
  switch (result.outcome) {
    case "unknown":
      console.error(`No invoice number ${number}.`);
      return 1;
    case "invalidDate":
      fail("--date must be a real date, YYYY-MM-DD");
    case "credited":
      console.error(`Invoice ${number} is credited; no payment is recorded on it.`);
      return 1;
    case "invalidAmount":
      console.error(
        `Invoice ${number}: the amount must be more than 0 and at most the ${amount(result.remaining)} ${result.invoice.currency} still owed.`,
      );
      return 1;
    case "alreadyPaid":
      console.log(`Invoice ${number} was already paid; nothing changed.`);
      return 0;
    case "duplicate":
      console.log(`A payment with reference ${values.reference} is already recorded on invoice ${number}; nothing changed.`);
      return 0;
    case "partial":
      console.log(
        `Invoice ${number}: ${amount(result.amount)} ${result.invoice.currency} recorded on ${paidOn}${withReference}; ` +
          `${amount(result.remaining)} ${result.invoice.currency} still owed.`,
      );
      return 0;
    case "paid":
      console.log(
        `Invoice ${number} (${amount(result.invoice.amount)} ${result.invoice.currency}) marked paid on ${paidOn}${withReference}.`,
      );
      return 0;
  }
}

async function credit(): Promise<number> {
  const number = Number(arg);
  if (!arg || !Number.isInteger(number) || number < 1) fail(USAGE);
  const reason = values.reason?.trim();
  if (!reason) fail("--reason is required: it is printed on the credit note");
  const result = await issueCreditNote(await getDb(), { invoiceNumber: number, reason, createdBy: null, now: new Date() });
  if (result.outcome === "unknown") {
    console.error(`No invoice number ${number}.`);
    return 1;
  }
  const { creditNote, invoice } = result;
  if (result.outcome === "existing")
    console.log(`Invoice ${number} was already credited by credit note ${creditNote.number}; nothing changed.`);
  else console.log(`Invoice ${number} (${amount(invoice.amount)} ${invoice.currency}) credited by credit note ${creditNote.number}.`);
  return 0;
}

const STATUSES: InvoiceStatus[] = ["pending", "paid", "overdue", "credited"];

async function csv(): Promise<number> {
  const { site, status, from, to } = values;
  if (site !== undefined && !isSiteId(site)) fail(`--site must be one of the sites, not ${site}`);
  if (status !== undefined && !STATUSES.includes(status as InvoiceStatus)) fail(`--status must be one of ${STATUSES.join(", ")}`);
  for (const [name, day] of [
    ["--from", from],
    ["--to", to],
  ] as const) {
    if (day !== undefined && !isDay(day)) fail(`${name} must be a real date, YYYY-MM-DD`);
  }
  process.stdout.write(await invoicesCsv(await getDb(), { site, status: status as InvoiceStatus | undefined, from, to }));
  return 0;
}

async function run(): Promise<number> {
  if (command === "csv") return csv();
  if (command === "mark-paid") return markPaid();
  if (command === "credit") return credit();
  if (command === "list") {
    const rows = await listInvoices(await getDb(), { unpaidOnly: values.unpaid === true });
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
