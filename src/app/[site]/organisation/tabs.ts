/** The tabs of /organisation, in their order; the first is shown without ?tab=. */
export const ACCOUNT_TABS = ["details", "members", "invoices", "delete"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const tabId = (tab: AccountTab) => `account-tab-${tab}`;
export const tabPanelId = (tab: AccountTab) => `account-tabpanel-${tab}`;
/** The address of a tab, for links between them. */
export const tabHref = (tab: AccountTab) => (tab === "details" ? "/organisation" : `/organisation?tab=${tab}`);
