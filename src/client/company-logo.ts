"use client";
/**
 * The company logo's calls (GET/PUT/DELETE /company-logo, GET /company-logo/info), typed. Whose logo
 * it is (the organisation's or the user's own) the server decides; see src/lib/schemas/company-logo.ts.
 */
import { api, type ApiCallOptions } from "@/client/api";
import { fetchApiFile, type FetchApiFileOptions } from "@/client/api-file";
import type { CompanyLogoDto } from "@/lib/schemas/company-logo";

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal" | "sharedHandling">;

export function getCompanyLogoInfo(options?: Options): Promise<CompanyLogoDto> {
  return api.get<CompanyLogoDto>("/company-logo/info", options);
}

/** The logo's bytes (image/png or image/svg+xml), from the URL the info gave. */
export function fetchCompanyLogo(logo: NonNullable<CompanyLogoDto["logo"]>, options?: FetchApiFileOptions): Promise<Blob> {
  return fetchApiFile(logo.url, options);
}

/** Sets or replaces the logo: PNG, JPG, WEBP or SVG (the server checks the bytes). */
export function uploadCompanyLogo(file: Blob, fileName: string, options?: Options): Promise<CompanyLogoDto> {
  const form = new FormData();
  form.set("file", file, fileName);
  return api.put<CompanyLogoDto>("/company-logo", form, options);
}

export function deleteCompanyLogo(options?: Options): Promise<CompanyLogoDto> {
  return api.delete<CompanyLogoDto>("/company-logo", undefined, options);
}
