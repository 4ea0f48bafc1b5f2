import "server-only";
import { getConfig, type ServerConfig } from "../config";
import { COMPANY } from "@/sites/company";
import { SITES, type SiteId } from "@/sites/registry";

/** Who issues the invoices: our company, as printed on the PDF and named in the e-invoice. */
export interface Seller {
  name: string;
  address: string;
  zip: string;
  city: string;
  /** ISO 3166 two-letter code. */
  country: string;
  /** Danish CVR number, 8 digits; "" when not configured. */
  cvr: string;
  /** The Danish VAT number (DK + CVR); "" without a CVR. */
  vatNumber: string;
  email: string;
  bank: { reg: string; account: string; iban: string; bic: string };
}

/**
 * The seller from the SELLER_* settings. One company runs the three sites, so only the name's fallback
 * depends on the site: the product name, as the footer shows it. Address and CVR fall back to the
 * footer's build-time settings, so a company that configured its footer prints the same on its invoices.
 */
export function sellerOf(site: SiteId, config: ServerConfig = getConfig()): Seller {
  const cvr = config.SELLER_CVR || (/^\d{8}$/.test(COMPANY.registrationNumber.trim()) ? COMPANY.registrationNumber.trim() : "");
  return {
    name: config.SELLER_NAME || SITES[site].productName,
    address: config.SELLER_ADDRESS || COMPANY.address,
    zip: config.SELLER_ZIP,
    city: config.SELLER_CITY,
    country: config.SELLER_COUNTRY,
    cvr,
    vatNumber: cvr ? `DK${cvr}` : "",
    email: config.SELLER_EMAIL || config.STAFF_EMAIL,
    bank: { reg: config.SELLER_BANK_REG, account: config.SELLER_BANK_ACCOUNT, iban: config.SELLER_IBAN, bic: config.SELLER_BIC },
  };
}
