/** Invoice details the billing tests give (API and browser alike): valid on each site. */
export const VALID_CVR = "24256790";
export const VALID_ORGNR = "5560160680";

/** Valid invoice details for a site (an organisationsnummer on TA-planen). */
export function validDetails(site = "skilteplanen", extra: Record<string, unknown> = {}) {
  return {
    isCompany: true,
    companyName: "Vejfirma ApS",
    cvrNumber: site === "ta-planen" ? VALID_ORGNR : VALID_CVR,
    sendEInvoice: false,
    name: "Bo Jensen",
    address: "Vejen 1",
    zip: "5000",
    city: "Odense",
    country: site === "ta-planen" ? "SE" : "DK",
    invoiceEmail: "faktura@example.dk",
    reference: "Indkøb",
    eanNumber: "",
    ...extra,
  };
}
