import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /encourage-verify-email: content comes with the accounts issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("encourageVerifyEmail");
export const dynamicParams = false;
export default placeholderPage("encourageVerifyEmail");
