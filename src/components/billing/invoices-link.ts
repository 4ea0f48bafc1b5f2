import { tabHref } from "@/app/[site]/organisation/tabs";

/** Where a user reactivates or subscribes: the invoices tab of /organisation (subscription, details, accept). */
export const INVOICES_TAB_HREF = tabHref("invoices");

/**
 * From the plan tool the invoices open in a new tab: leaving the editor would drop the edits a block
 * holds back, and with the editor kept open they are saved as soon as the payment is accepted there.
 */
export function invoicesLinkProps(inTool: boolean): { href: string; target?: string; rel?: string } {
  return inTool ? { href: INVOICES_TAB_HREF, target: "_blank", rel: "noopener" } : { href: INVOICES_TAB_HREF };
}
