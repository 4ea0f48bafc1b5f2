// What the editor takes from the sign catalogue, in one chunk of its own (./sign-library.ts loads it).
export { catalogueOf, findSign } from "@/lib/signs/catalogue";
export { renderDkSignSvg } from "@/lib/signs/dk";
