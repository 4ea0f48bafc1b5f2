import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /reset-password: content comes with the accounts issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("resetPassword");
export const dynamicParams = false;
export default placeholderPage("resetPassword");
