"use client";
/**
 * The one form hook of the account pages and the dialogs: the values, the problems at the fields, the
 * failure that belongs to no field, and a submit that checks the values, sends once at a time and turns
 * a refusal of the API into the words shown at the form. The state lives in a small store outside React
 * so that a second submit in the same tick (a double click, Enter held down) already sees the first.
 */
import { useState, useSyncExternalStore, type FormEvent } from "react";
import type { ZodType } from "zod";
import { ApiRequestError, errorMessage } from "./api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "./form-errors";

type Values = Record<string, unknown>;
type FieldOf<V> = keyof V & string;
/** The fields that hold text, which a TextField edits. */
type TextFieldOf<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FormState<V extends Values> {
  values: V;
  errors: FieldErrors<FieldOf<V>>;
  /** The failure that belongs to no field, in the user's language. */
  formError: string | null;
  /**
   * pending: the request is under way; done: it succeeded and the form takes no more input, because it
   * closes or the page moves on (its button keeps saying so meanwhile).
   */
  status: "idle" | "pending" | "done";
}

export interface SubmitOptions<V extends Values, D> {
  /** Checks the values before anything is sent; its messages are keys under `validation` in messages/. */
  schema?: ZodType<D>;
  /** What the schema checks, when it is not the values themselves. */
  input?: (values: V) => unknown;
  /** The request. Resolving "done" keeps the form disabled (it closes or the page moves on). */
  action: (data: D, values: V) => Promise<void | "done">;
  /** The form's text for a failure the API did not explain (a server fault, an unexpected answer). */
  fallback: string;
  /**
   * A failure the form treats in its own way, asked after a refusal that names one of the form's fields
   * has been put at that field: a text for the form error, null when it is handled, undefined for the
   * usual text (errorMessage with the fallback).
   */
  onError?: (error: unknown, data: D) => string | null | undefined;
}

/** The field a 400 names (`{ message, field }`, as the API's handler answers a failed schema), if any. */
function fieldOf(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const body = error.body as { field?: unknown } | null;
  return typeof body?.field === "string" ? body.field : null;
}

/** The state of one form and its submit, without React (the hook below subscribes to it). */
export class FormStore<V extends Values> {
  private state: FormState<V>;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly initial: V) {
    this.state = { values: initial, errors: {}, formError: null, status: "idle" };
  }

  readonly get = (): FormState<V> => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(change: Partial<FormState<V>>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** A new value; the problem shown at that field goes, as the user is dealing with it. */
  set<K extends FieldOf<V>>(field: K, value: V[K]): void {
    const errors = this.state.errors[field] === undefined ? this.state.errors : { ...this.state.errors, [field]: undefined };
    this.update({ values: { ...this.state.values, [field]: value }, errors });
  }

  setErrors(errors: FieldErrors<FieldOf<V>>): void {
    this.update({ errors: { ...this.state.errors, ...errors } });
  }

  setFormError(formError: string | null): void {
    this.update({ formError });
  }

  /** Back to idle with these values (the initial ones by default), without any problem shown. */
  reset(values: V = this.initial): void {
    this.update({ values, errors: {}, formError: null, status: "idle" });
  }

  /**
   * Checks the values, then runs the action once: a submit while one is under way, or after the form is
   * done, is ignored. `text` translates the schema's message keys.
   */
  async submit<D>(options: SubmitOptions<V, D>, text: (key: string) => string): Promise<void> {
    if (this.state.status !== "idle") return;
    const { values } = this.state;
    let data = values as unknown as D;
    if (options.schema) {
      const parsed = options.schema.safeParse(options.input ? options.input(values) : values);
      if (!parsed.success) {
        this.update({ errors: fieldErrorsOf<FieldOf<V>>(parsed.error, text) });
        return;
      }
      data = parsed.data;
    }
    this.update({ errors: {}, formError: null, status: "pending" });
    try {
      const outcome = await options.action(data, values);
      this.update({ status: outcome === "done" ? "done" : "idle" });
    } catch (error) {
      const field = fieldOf(error);
      if (field !== null && Object.hasOwn(this.state.values, field)) {
        this.update({ status: "idle", errors: { [field]: errorMessage(error, options.fallback) } as FieldErrors<FieldOf<V>> });
        return;
      }
      const own = options.onError?.(error, data);
      this.update({ status: "idle", formError: own === undefined ? errorMessage(error, options.fallback) : own });
    }
  }
}

/**
 * `const form = useForm({ email: "" })`, then `<form onSubmit={form.handleSubmit({ schema, action, fallback })}>`
 * and `<TextField {...form.field("email")} />`. `onEdit` runs on every change of a field.
 */
export function useForm<V extends Values>(initial: V, { onEdit }: { onEdit?: () => void } = {}) {
  const text = useValidationText();
  const [store] = useState(() => new FormStore(initial));
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const busy = state.status !== "idle";
  return {
    ...state,
    pending: state.status === "pending",
    done: state.status === "done",
    /** Pending or done: the fields and the submit button are disabled. */
    busy,
    set: <K extends FieldOf<V>>(field: K, value: V[K]) => store.set(field, value),
    setErrors: (errors: FieldErrors<FieldOf<V>>) => store.setErrors(errors),
    setFormError: (formError: string | null) => store.setFormError(formError),
    reset: (values?: V) => store.reset(values),
    /** The props of a TextField for a text field; `hint` is its helper text while it has no problem. */
    field: <K extends TextFieldOf<V>>(name: K, hint?: string) => ({
      name,
      value: state.values[name] as string,
      onChange: (event: { target: { value: string } }) => {
        store.set(name, event.target.value as V[K]);
        onEdit?.();
      },
      error: !!state.errors[name],
      helperText: state.errors[name] ?? hint,
      disabled: busy,
    }),
    handleSubmit:
      <D>(options: SubmitOptions<V, D>) =>
      (event: FormEvent) => {
        event.preventDefault();
        void store.submit(options, text);
      },
  };
}
