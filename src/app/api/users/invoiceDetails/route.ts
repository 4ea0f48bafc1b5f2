import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { invoiceDetailsOf, saveInvoiceDetails } from "@/server/billing/details";
import { getDb } from "@/server/db";
import { companyNumberKind } from "@/lib/company-number";
import { invoiceDetailsBodySchema } from "@/lib/schemas/billing";
import { SITES } from "@/sites/registry";

// GET /api/users/invoiceDetails: the payer's InvoiceDetailsDto (with canManage), or null before any were given.
export const GET = withUser(async ({ user }) =>
  Response.json(await invoiceDetailsOf(await getDb(), user.id, new Date()), { headers: { "cache-control": "no-store" } }),
);

// POST /api/users/invoiceDetails (InvoiceDetailsBody): saves the payer's details (owner and administrators;
// a member gets 403); the company number is a CVR or, on TA-planen, an organisationsnummer. Open to a
// blocked user: giving details is how a block is lifted.
export const POST = withUser(
  async ({ req, call, user }) => {
    const body = invoiceDetailsBodySchema(companyNumberKind(SITES[call.site].companyIdLength)).parse(await readJson(req, call.site));
    return Response.json(await saveInvoiceDetails(await getDb(), user.id, call.site, body, new Date()));
  },
  { allowBlocked: true },
);
