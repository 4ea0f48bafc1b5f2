import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /cases: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("cases");
export const dynamicParams = false;
export default placeholderPage("cases");
