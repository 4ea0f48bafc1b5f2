import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /terms-of-service: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("termsOfService");
export const dynamicParams = false;
export default placeholderPage("termsOfService");
