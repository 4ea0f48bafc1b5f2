"use client";
/**
 * How a sign inventory row reads in the site's language (src/editor/kinds/sign/plan-inventory.ts), for
 * the inventory dialog.
 */
import { useFormatter, useTranslations } from "next-intl";
import { useMemo } from "react";
import { inventoryTexts } from "../../kinds/sign/plan-inventory";

/** How a row reads: its size, its name (or what stands in for one) and its value and variant. */
export function useInventoryTexts() {
  const t = useTranslations("editor.signInventory");
  const format = useFormatter();
  return useMemo(
    () =>
      inventoryTexts(
        (key, values) => t(key as never, values as never),
        (value) => format.number(value, { maximumFractionDigits: 3 }),
      ),
    [t, format],
  );
}
