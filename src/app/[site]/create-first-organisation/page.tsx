import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /create-first-organisation: content comes with the accounts issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("createFirstOrganisation");
export const dynamicParams = false;
export default placeholderPage("createFirstOrganisation");
