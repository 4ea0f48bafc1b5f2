/**
 * The operating company shown in the footer (core §2: "company info with address and registration
 * number"). Set at build time, because the footer is part of statically rendered pages; a line whose
 * value is not configured is left out rather than filled with an invented address.
 */
export const COMPANY = {
  address: process.env.NEXT_PUBLIC_COMPANY_ADDRESS ?? "",
  registrationNumber: process.env.NEXT_PUBLIC_COMPANY_REGISTRATION_NUMBER ?? "",
};
