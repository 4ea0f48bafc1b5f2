import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /standard-skilteplaner: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("standardPlans");
export const dynamicParams = false;
export default placeholderPage("standardPlans");
