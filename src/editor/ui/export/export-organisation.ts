"use client";
/**
 * The user's organisation as the export's title block prints it (issue 30: its name and CVR or
 * organisationsnummer by default). GET /users/organization, not toasted: a user in no organisation
 * (404) is the normal case, and any other failure only leaves the title block without it.
 */
import { ApiRequestError, api } from "@/client/api";
import type { ExportOrganisation } from "../../export/page-texts";
import type { OrganisationDto } from "@/lib/schemas/organisation";

export async function fetchExportOrganisation(): Promise<ExportOrganisation | null> {
  try {
    const { name, cvr_number } = await api.get<OrganisationDto>("/users/organization", { toast: false });
    return { name, cvr_number };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 404) console.warn("export: organisation not loaded", error);
    return null;
  }
}
