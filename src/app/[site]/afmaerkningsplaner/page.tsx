import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /afmaerkningsplaner: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("markingPlans");
export const dynamicParams = false;
export default placeholderPage("markingPlans");
