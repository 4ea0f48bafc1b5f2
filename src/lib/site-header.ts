/** The request header in which the client names its site on every API call (core §7). */
export const SITE_HEADER = "x-site";
