import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /functions: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("functions");
export const dynamicParams = false;
export default placeholderPage("functions");
