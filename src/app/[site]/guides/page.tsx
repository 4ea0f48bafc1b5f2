import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /guides: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("guides");
export const dynamicParams = false;
export default placeholderPage("guides");
