import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /privacy-policy: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("privacyPolicy");
export const dynamicParams = false;
export default placeholderPage("privacyPolicy");
