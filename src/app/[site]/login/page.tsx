import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /login: content comes with the accounts issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("login");
export const dynamicParams = false;
export default placeholderPage("login");
