import { placeholderPage, staticRoute } from "@/components/static-route-page";

// /register: content comes with the accounts issue; statically rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("register");
export const dynamicParams = false;
export default placeholderPage("register");
