import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /prices: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("prices");
export const dynamicParams = false;
export default placeholderPage("prices");
