/**
 * The sections of the admin area (issue 32), in the order of its navigation. The specification names
 * two admin paths (core §2): /admin/dashboard holds the key figures; every other section is a tab of
 * /admin (?tab=…), the first without it, so a section can be linked and survives a reload.
 */
export const ADMIN_SECTIONS = ["dashboard", "customers", "invoices", "feedback", "signs", "audit"] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
/** The sections that are tabs of /admin. */
export type AdminTab = Exclude<AdminSection, "dashboard">;

export const DEFAULT_ADMIN_TAB: AdminTab = "customers";

export function isAdminTab(value: string | null): value is AdminTab {
  return value !== "dashboard" && (ADMIN_SECTIONS as readonly string[]).includes(value ?? "");
}

/** The address of a section, with optional further query parameters (e.g. { customer: "12" }). */
export function adminHref(section: AdminSection, params: Record<string, string> = {}): string {
  if (section === "dashboard") return "/admin/dashboard";
  const query = new URLSearchParams(section === DEFAULT_ADMIN_TAB ? params : { tab: section, ...params }).toString();
  return query ? `/admin?${query}` : "/admin";
}
