"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ZodError } from "zod";
import type { Messages } from "@/i18n/messages";

type ValidationKey = keyof Messages["validation"];

/** Errors shown at the fields of a form, by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Turns the message keys of the shared zod schemas (src/lib/schemas) into texts: the schemas carry
 * keys under `validation` in messages/, so client and server show the same words.
 */
export function useValidationText(): (key: string) => string {
  const t = useTranslations("validation");
  return useCallback((key: string) => (t.has(key as ValidationKey) ? t(key as ValidationKey) : key), [t]);
}

/** The first problem of each field of a failed parse, translated. */
export function fieldErrorsOf<F extends string>(error: ZodError, text: (key: string) => string): FieldErrors<F> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= text(issue.message);
  }
  return errors as FieldErrors<F>;
}
