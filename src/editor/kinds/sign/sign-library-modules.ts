// What the editor takes from the sign catalogue, in one chunk of its own (./sign-library.ts loads it).
export { catalogueOf, findSign, renderCatalogueSignSvg } from "@/lib/signs/catalogue";
