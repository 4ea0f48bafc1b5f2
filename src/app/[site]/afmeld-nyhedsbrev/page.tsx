import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /afmeld-nyhedsbrev: content comes with the marketing-pages issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("unsubscribe");
export const dynamicParams = false;
export default placeholderPage("unsubscribe");
