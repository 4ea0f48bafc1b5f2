/**
 * Bodies of the account API (core §7, Auth), shared by the route handlers and the forms.
 * Error messages are translation keys under `validation` in messages/: the server translates them
 * in its 400 answer, the forms with useTranslations("validation").
 */
import * as z from "zod";

/** Minimum password length (core §9). */
export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt only uses the first 72 bytes; refusing longer passwords avoids a silent truncation. */
export const MAX_PASSWORD_BYTES = 72;

export const emailSchema = z
  .string({ error: "emailRequired" })
  .trim()
  .min(1, { error: "emailRequired" })
  .max(254, { error: "emailInvalid" })
  .pipe(z.email({ error: "emailInvalid" }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: "passwordRequired" })
  .min(MIN_PASSWORD_LENGTH, { error: "passwordTooShort" })
  .refine((p) => new TextEncoder().encode(p).byteLength <= MAX_PASSWORD_BYTES, { error: "passwordTooLong" });

export const nameSchema = z.string({ error: "nameRequired" }).trim().min(1, { error: "nameRequired" }).max(200, { error: "nameTooLong" });

/** A one-time token from an e-mail link (verification or password reset). */
export const emailTokenSchema = z
  .string({ error: "invalidLink" })
  .trim()
  .min(20, { error: "invalidLink" })
  .max(200, { error: "invalidLink" });

export const loginAuthBodySchema = z.object({
  email: emailSchema,
  // Not checked for length: an old password must still be able to log in and get a clear answer.
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }).max(1000),
});
export type LoginAuthBody = z.infer<typeof loginAuthBodySchema>;

export const registerAuthBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Registering from an organisation's invitation link: confirming the e-mail then accepts it. */
  inviteToken: z.string().min(1).max(200).optional(),
});
export type RegisterAuthBody = z.infer<typeof registerAuthBodySchema>;

export const verifyAuthBodySchema = z.object({ token: emailTokenSchema });
export const resendVerificationAuthBodySchema = z.object({ email: emailSchema });
export const requestPasswordResetAuthBodySchema = z.object({ email: emailSchema });
export const verifyResetTokenAuthBodySchema = z.object({ token: emailTokenSchema });
export const resetPasswordAuthBodySchema = z.object({ token: emailTokenSchema, password: passwordSchema });

/** The reset form: new password twice ('Adgangskoderne er ikke ens' when they differ). */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: "passwordsDoNotMatch", path: ["confirmPassword"] });

/** PUT /auth/update-profile: a new name, and/or a new password with the current one (all fields required then). */
export const updateProfileAuthBodySchema = z
  .object({
    name: nameSchema.optional(),
    currentPassword: z.string().optional(),
    newPassword: passwordSchema.optional(),
  })
  .refine((v) => (v.newPassword === undefined) === (v.currentPassword === undefined || v.currentPassword === ""), {
    error: "allPasswordFieldsRequired",
    path: ["currentPassword"],
  });
export type UpdateProfileAuthBody = z.infer<typeof updateProfileAuthBodySchema>;

/** The claims of an access token (core §3, User). */
export const accessTokenClaimsSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  isVerified: z.boolean(),
  name: z.string(),
  organizationId: z.number().int().positive().nullable(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const accessTokenResponseSchema = z.object({ access_token: z.string() });

/** POST /auth/login: the token, and whether this login was the account's first (the trial starts). */
export const loginResponseSchema = accessTokenResponseSchema.extend({ firstLogin: z.boolean().optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The login page's query parameter, in the link of the e-mail that a registration with a taken e-mail
 * sends: the sister site where the account was made (with the e-mail as `email`); the page then shows
 * the sister-site notice (core §1).
 */
export const SISTER_NOTICE_PARAM = "sisterSite";

/** DELETE /users/account {password}: the account is deleted only with its password (README, Organisations). */
export const deleteAccountBodySchema = z.object({
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }).max(1000),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
