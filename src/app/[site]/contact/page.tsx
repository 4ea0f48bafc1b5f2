import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /contact: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("contact");
export const dynamicParams = false;
export default placeholderPage("contact");
