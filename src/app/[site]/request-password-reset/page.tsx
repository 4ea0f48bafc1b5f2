import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /request-password-reset: content comes with the accounts issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("requestPasswordReset");
export const dynamicParams = false;
export default placeholderPage("requestPasswordReset");
