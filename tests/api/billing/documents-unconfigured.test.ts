/**
 * The invoice documents before the seller is configured (no SELLER_* settings, no footer details, as in
 * development): the PDF names the product as the seller and leaves the missing lines out; the e-invoice,
 * which needs our CVR as its endpoint, is a 503 in the user's language, and its mail goes with the PDF alone.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import * as pdfRoute from "@/app/api/users/invoices/[id]/pdf/route";
import * as ublRoute from "@/app/api/users/invoices/[id]/ubl/route";
import { callRoute } from "../../support/route";
import { mailsTo } from "../../support/mail";
import { createUser } from "../../support/users";
import { accept, saveDetails, VALID_EAN, validDetails } from "./support";

for (const name of Object.keys(process.env))
  if (name.startsWith("SELLER_") || name.startsWith("NEXT_PUBLIC_COMPANY_")) delete process.env[name];

const download = (route: typeof pdfRoute.GET, token: string, id: number) =>
  callRoute(route, { path: `/api/users/invoices/${id}/x`, params: { id: String(id) }, headers: { authorization: `Bearer ${token}` } });

describe("invoice documents without the seller's settings", () => {
  it("makes the PDF, refuses the e-invoice with a 503 and mails the PDF alone", async () => {
    const owner = await createUser({ name: "Eva Ejer" });
    expect(
      (await saveDetails(owner.token, validDetails("skilteplanen", { sendEInvoice: true, eanNumber: VALID_EAN, invoiceEmail: "" }))).status,
    ).toBe(200);
    const { status, json } = await accept(owner.token);
    expect(status).toBe(201);

    const pdf = await download(pdfRoute.GET, owner.token, json.invoice.id);
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const dir = await mkdtemp(path.join(tmpdir(), "invoice-pdf-"));
    await writeFile(path.join(dir, "invoice.pdf"), bytes);
    const printed = (await promisify(execFile)("pdftotext", ["-layout", "-enc", "UTF-8", path.join(dir, "invoice.pdf"), "-"])).stdout;
    // The product names the seller; no account is promised where none is configured.
    expect(printed).toContain("Skilteplanen · support@skilteplanen.dk");
    expect(printed).toMatch(/Beløbet betales senest [^\n]*\d{4}\.\n/);
    expect(printed).not.toContain("til:");
    expect(printed).not.toContain("IBAN");

    const ubl = await download(ublRoute.GET, owner.token, json.invoice.id);
    expect(ubl.status).toBe(503);
    expect(((await ubl.json()) as { message: string }).message).toBe(
      "E-fakturaen kan ikke dannes lige nu. Skriv til os, så sender vi den.",
    );

    const mails = (await mailsTo(owner.email)).filter((m) => m.subject.startsWith("Faktura"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual([`faktura-${json.invoice.number}.pdf`]);
    expect(mails[0]!.text).not.toContain("E-fakturaen");
  });
});
