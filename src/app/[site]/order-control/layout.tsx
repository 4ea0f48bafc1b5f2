// A client UI with texts from many namespaces: the whole catalogue for its client components (issue 34).
export { default } from "@/components/all-messages-layout";
