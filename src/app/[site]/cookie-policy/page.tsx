import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /cookie-policy: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("cookiePolicy");
export const dynamicParams = false;
export default placeholderPage("cookiePolicy");
