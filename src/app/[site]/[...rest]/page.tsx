import { notFound } from "next/navigation";

// Any path the site does not have renders the site's own 404 page inside its layout.
export default function CatchAll(): never {
  notFound();
}
