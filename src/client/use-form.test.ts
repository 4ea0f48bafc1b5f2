import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { ApiRequestError, INVALID_RESPONSE, NETWORK_ERROR } from "./api";
import { FormStore, type SubmitOptions } from "./use-form";

const schema = z.object({
  email: z.string().trim().min(1, { error: "emailRequired" }),
  password: z.string().min(6, { error: "passwordTooShort" }),
});
type Login = { email: string; password: string };

/** The validation texts of messages/, reduced to what the tests need. */
const text = (key: string) => ({ emailRequired: "Indtast din e-mail", passwordTooShort: "Mindst 6 tegn" })[key] ?? key;

function loginForm(values: Login = { email: " ann@example.com ", password: "secret1" }) {
  return new FormStore<Login>(values);
}

function options(
  action: SubmitOptions<Login, Login>["action"],
  more: Partial<SubmitOptions<Login, Login>> = {},
): SubmitOptions<Login, Login> {
  return { schema, action, fallback: "Log ind mislykkedes", ...more };
}

/** A promise the test settles itself, to look at the form while a request is under way. */
function deferred() {
  let resolve!: (value: void | "done") => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void | "done">((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("FormStore", () => {
  it("sends the schema's output and is pending while the request is under way", async () => {
    const form = loginForm();
    const request = deferred();
    const action = vi.fn(() => request.promise);
    const submitted = form.submit(options(action), text);
    expect(form.get().status).toBe("pending");
    expect(action).toHaveBeenCalledWith(
      { email: "ann@example.com", password: "secret1" },
      { email: " ann@example.com ", password: "secret1" },
    );
    request.resolve();
    await submitted;
    expect(form.get().status).toBe("idle");
  });

  it("ignores a second submit while the first is under way, and any after a submit that is done", async () => {
    const form = loginForm();
    const request = deferred();
    const action = vi.fn(() => request.promise);
    const first = form.submit(options(action), text);
    await form.submit(options(action), text);
    expect(action).toHaveBeenCalledTimes(1);
    request.resolve("done");
    await first;
    expect(form.get().status).toBe("done");
    await form.submit(options(action), text);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("shows the schema's problems at their fields, translated, and sends nothing", async () => {
    const form = loginForm({ email: "  ", password: "abc" });
    form.setFormError("an earlier failure");
    const action = vi.fn(async () => {});
    await form.submit(options(action), text);
    expect(action).not.toHaveBeenCalled();
    expect(form.get()).toMatchObject({
      status: "idle",
      errors: { email: "Indtast din e-mail", password: "Mindst 6 tegn" },
      formError: "an earlier failure",
    });
  });

  it("checks what `input` makes of the values", async () => {
    const form = new FormStore({ typed: "" });
    const action = vi.fn(async () => {});
    await form.submit(
      { schema: z.object({ email: z.string().min(1) }), input: () => ({ email: "given@example.com" }), action, fallback: "" },
      text,
    );
    expect(action).toHaveBeenCalledWith({ email: "given@example.com" }, { typed: "" });
  });

  it("clears the problems and the form error when a submit starts", async () => {
    const form = loginForm();
    form.setErrors({ password: "Mindst 6 tegn" });
    form.setFormError("Ingen forbindelse.");
    const request = deferred();
    const submitted = form.submit(
      options(() => request.promise),
      text,
    );
    expect(form.get()).toMatchObject({ errors: {}, formError: null });
    request.resolve();
    await submitted;
  });

  it("puts a 400 that names one of the form's fields at that field", async () => {
    const form = loginForm();
    const refusal = new ApiRequestError(400, "Forkert adgangskode", undefined, { message: "Forkert adgangskode", field: "password" });
    await form.submit(
      options(() => Promise.reject(refusal)),
      text,
    );
    expect(form.get()).toMatchObject({ status: "idle", errors: { password: "Forkert adgangskode" }, formError: null });
  });

  it("shows a refusal that names no field of the form, in the API's words, as the form error", async () => {
    const form = loginForm();
    const refusal = new ApiRequestError(400, "Ugyldigt felt: token", undefined, { message: "Ugyldigt felt: token", field: "token" });
    await form.submit(
      options(() => Promise.reject(refusal)),
      text,
    );
    expect(form.get()).toMatchObject({ status: "idle", errors: {}, formError: "Ugyldigt felt: token" });
  });

  it("shows the form's own text for a server fault or an unexpected answer, and the client's for no connection", async () => {
    const form = loginForm();
    await form.submit(
      options(() => Promise.reject(new ApiRequestError(500, "Internal", undefined, null))),
      text,
    );
    expect(form.get().formError).toBe("Log ind mislykkedes");
    await form.submit(
      options(() => Promise.reject(new ApiRequestError(200, "Uventet fejl.", INVALID_RESPONSE, {}))),
      text,
    );
    expect(form.get().formError).toBe("Log ind mislykkedes");
    await form.submit(
      options(() => Promise.reject(new ApiRequestError(0, "Ingen forbindelse.", NETWORK_ERROR, null))),
      text,
    );
    expect(form.get().formError).toBe("Ingen forbindelse.");
    await form.submit(
      options(() => Promise.reject(new TypeError("boom"))),
      text,
    );
    expect(form.get().formError).toBe("Log ind mislykkedes");
  });

  it("lets the form treat a failure its own way: its text, handled without one, or the usual", async () => {
    const form = loginForm();
    const wrong = new ApiRequestError(401, "Unauthorized", undefined, null);
    const onError = (error: unknown) =>
      error instanceof ApiRequestError && error.status === 401 ? "Forkert e-mail eller adgangskode" : undefined;
    await form.submit(
      options(() => Promise.reject(wrong), { onError }),
      text,
    );
    expect(form.get().formError).toBe("Forkert e-mail eller adgangskode");
    await form.submit(
      options(() => Promise.reject(new ApiRequestError(429, "For mange forsøg", undefined, null)), { onError }),
      text,
    );
    expect(form.get().formError).toBe("For mange forsøg");
    await form.submit(
      options(() => Promise.reject(wrong), { onError: () => null }),
      text,
    );
    expect(form.get()).toMatchObject({ status: "idle", formError: null });
  });

  it("clears a field's problem when its value changes, and leaves the others and the form error", () => {
    const form = loginForm();
    form.setErrors({ email: "Indtast din e-mail", password: "Mindst 6 tegn" });
    form.setFormError("Ingen forbindelse.");
    form.set("email", "bo@example.com");
    expect(form.get()).toMatchObject({
      values: { email: "bo@example.com" },
      errors: { email: undefined, password: "Mindst 6 tegn" },
      formError: "Ingen forbindelse.",
    });
  });

  it("resets to the initial values, or to given ones, and takes input again", async () => {
    const form = loginForm({ email: "", password: "" });
    form.set("email", "ann@example.com");
    form.setFormError("Ingen forbindelse.");
    form.reset();
    expect(form.get()).toEqual({ values: { email: "", password: "" }, errors: {}, formError: null, status: "idle" });
    const done = new FormStore({ message: "" });
    done.set("message", "Tak");
    await done.submit({ action: async () => "done", fallback: "" }, text);
    done.reset(done.get().values);
    expect(done.get()).toEqual({ values: { message: "Tak" }, errors: {}, formError: null, status: "idle" });
  });

  it("tells its subscribers of every change until they unsubscribe", () => {
    const form = loginForm();
    const listener = vi.fn();
    const unsubscribe = form.subscribe(listener);
    form.set("email", "a");
    form.setFormError("x");
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    form.set("email", "b");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
