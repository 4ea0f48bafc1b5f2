"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import * as z from "zod";
import { LoadingScreen } from "./loading-screen";
import { ApiRequestError, api, endSession } from "@/client/api";
import { currentPath, loginHref, verifyEmailHref } from "@/client/return-path";
import { decodeToken, isTokenExpired, takeSessionEndedHere, useCurrentUser, useToken } from "@/client/session";
import { useHydrated } from "@/client/use-hydrated";

type Access =
  /** Not known yet: the token lives in browser storage, which the server render cannot see. */
  | { kind: "pending" }
  | { kind: "anonymous" }
  /** A token is stored but cannot be decoded, or has expired: the session is over. */
  | { kind: "stale" }
  | { kind: "unverified"; email: string }
  | { kind: "allowed" };

function accessOf(hydrated: boolean, token: string | null): Access {
  if (!hydrated) return { kind: "pending" };
  if (!token) return { kind: "anonymous" };
  const claims = decodeToken(token);
  if (!claims || isTokenExpired(token)) return { kind: "stale" };
  if (!claims.isVerified) return { kind: "unverified", email: claims.email };
  return { kind: "allowed" };
}

/**
 * A protected route (core §2): without a stored token to /login, remembering where the visitor was;
 * with an unconfirmed e-mail to /encourage-verify-email (source protected-route); otherwise the page.
 * The loading screen shows until that is decided, so the page never flashes for a visitor it is not for.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const router = useRouter();
  const access = accessOf(useHydrated(), useToken());

  const kind = access.kind;
  const email = access.kind === "unverified" ? access.email : null;
  useEffect(() => {
    if (kind === "stale")
      endSession(); // the logged-out notice, and to the login page
    else if (kind === "unverified") router.replace(verifyEmailHref(email, "protected-route"));
    // A logout in this tab navigates by itself (to /login, or remembering this page after a 401).
    else if (kind === "anonymous" && !takeSessionEndedHere()) router.replace(loginHref(currentPath()));
  }, [kind, email, router]);

  return kind === "allowed" ? children : <LoadingScreen />;
}

const adminStatusSchema = z.object({ isAdmin: z.boolean() });

/**
 * The admin area (core §2): 'Loading...' while GET /users/adminStatus/{id} answers; an admin sees the
 * content; anyone else, and any failure, goes to the front page (replace). A 401 is left to the
 * shared handling, which has already sent the user to the login page.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const t = useTranslations("admin");
  const router = useRouter();
  const hydrated = useHydrated();
  const userId = useCurrentUser()?.id ?? null;
  const [adminId, setAdminId] = useState<number | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    if (userId === null) {
      // Nobody logged in is no admin; but a session that just ended here is already on its way to /login.
      if (!takeSessionEndedHere()) router.replace("/");
      return;
    }
    let current = true;
    api
      .get(`/users/adminStatus/${userId}`, { schema: adminStatusSchema, toast: false })
      .then(({ isAdmin }) => {
        if (!current) return;
        if (isAdmin) setAdminId(userId);
        else router.replace("/");
      })
      .catch((error: unknown) => {
        if (current && !(error instanceof ApiRequestError && error.status === 401)) router.replace("/");
      });
    return () => {
      current = false;
    };
  }, [hydrated, userId, router]);

  return adminId !== null && adminId === userId ? children : <LoadingScreen message={t("loading")} />;
}
