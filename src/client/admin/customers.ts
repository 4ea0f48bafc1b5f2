"use client";
/**
 * The calls of the admin area's customers and audit-log screens (issue 32; paths and shapes in
 * src/lib/schemas/admin.ts). None is toasted by the client: each screen shows a failure where it
 * happened (a refused action in its dialog, a failed load in place of the table).
 */
import { api, type ApiCallOptions } from "@/client/api";
import type { AuditPageDto, CustomerDetailDto, CustomerPageDto } from "@/lib/schemas/admin";

type Options = Pick<ApiCallOptions<unknown>, "signal">;
const quiet = (options?: Options) => ({ ...options, toast: false });
const customerPath = (id: number) => `/admin/customers/${id}`;

export const searchCustomers = (q: string, page: number, options?: Options) =>
  api.get<CustomerPageDto>(`/admin/customers?${new URLSearchParams({ q, page: String(page) })}`, quiet(options));
export const getCustomer = (id: number, options?: Options) => api.get<CustomerDetailDto>(customerPath(id), quiet(options));

export const extendTrial = (id: number, days: number) => api.post<CustomerDetailDto>(`${customerPath(id)}/extend-trial`, { days }, quiet());
export const blockCustomer = (id: number, reason: string) => api.post<CustomerDetailDto>(`${customerPath(id)}/block`, { reason }, quiet());
export const unblockCustomer = (id: number) => api.post<CustomerDetailDto>(`${customerPath(id)}/unblock`, undefined, quiet());
export const endSessions = (id: number) => api.post<{ ended: true }>(`${customerPath(id)}/end-sessions`, undefined, quiet());
export const resendVerification = (id: number) => api.post<{ sent: true }>(`${customerPath(id)}/resend-verification`, undefined, quiet());
export const changeOrganisationOwner = (organisationId: number, userId: number, reason: string) =>
  api.post<{ ownerId: number }>(`/admin/organisations/${organisationId}/owner`, { userId, reason }, quiet());

/** The audit log's filters as the screen keeps them (empty strings for none). */
export interface AuditFilters {
  action: string;
  targetType: string;
  targetId: string;
  adminId: string;
  from: string;
  to: string;
}

export const getAudit = (filters: AuditFilters, cursor: number | null, options?: Options) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim() !== ""));
  if (cursor !== null) query.set("cursor", String(cursor));
  return api.get<AuditPageDto>(`/admin/audit?${query}`, quiet(options));
};
