"use client";
import { useSearchParams } from "next/navigation";
import { CustomerList } from "./customer-list";
import { CustomerPage } from "./customer-page";

/** The admin area's customers section (issue 32): the list, or one customer's page (?customer=<id>). */
export function CustomersSection() {
  const customer = Number.parseInt(useSearchParams().get("customer") ?? "", 10);
  return Number.isSafeInteger(customer) && customer > 0 ? <CustomerPage key={customer} id={customer} /> : <CustomerList />;
}
