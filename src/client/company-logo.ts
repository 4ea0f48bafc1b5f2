"use client";
/**
 * The company logo's calls (POST /users/upload-logo, GET and DELETE /users/logo; spec core §7), typed. Whose logo
 * it is (the organisation's or the user's own) the server decides; see src/lib/schemas/company-logo.ts.
 */
import { api, type ApiCallOptions } from "@/client/api";
import { fetchApiFile, type FetchApiFileOptions } from "@/client/api-file";
import { COMPANY_LOGO_FIELD, type CompanyLogoDto } from "@/lib/schemas/company-logo";

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal" | "sharedHandling">;

export function getCompanyLogoInfo(options?: Options): Promise<CompanyLogoDto> {
  return api.get<CompanyLogoDto>("/users/logo", options);
}

/** The logo's bytes (image/png or image/svg+xml), from the URL the info gave. */
export function fetchCompanyLogo(logo: NonNullable<CompanyLogoDto["logo"]>, options?: FetchApiFileOptions): Promise<Blob> {
  return fetchApiFile(logo.url, options);
}

/** Sets or replaces the logo: PNG, JPG, WEBP or SVG (the server checks the bytes). */
export function uploadCompanyLogo(file: Blob, fileName: string, options?: Options): Promise<CompanyLogoDto> {
  const form = new FormData();
  form.set(COMPANY_LOGO_FIELD, file, fileName);
  return api.post<CompanyLogoDto>("/users/upload-logo", form, options);
}

export function deleteCompanyLogo(options?: Options): Promise<CompanyLogoDto> {
  return api.delete<CompanyLogoDto>("/users/logo", undefined, options);
}
