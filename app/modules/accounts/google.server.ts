import { logger } from "~/logger.server";
import type { Auth } from "./auth.server";

type GoogleDeps = { auth: Auth; googleEnabled: boolean };

export const GOOGLE_FAILED = "Failed to sign in with Google";
export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not available on this server.";

/** Starts the Google (OpenID Connect) redirect; better-auth keeps the state and PKCE verifier in cookies. */
export async function startGoogleSignIn(
  runtime: GoogleDeps,
  headers: Headers,
): Promise<{ ok: true; url: string; headers: Headers } | { ok: false; message: string }> {
  if (!runtime.googleEnabled) return { ok: false, message: GOOGLE_NOT_CONFIGURED };
  try {
    const result = await runtime.auth.api.signInSocial({
      body: {
        provider: "google",
        callbackURL: "/dashboard",
        newUserCallbackURL: "/auth/complete-profile",
        errorCallbackURL: "/auth?error=google",
        disableRedirect: true,
      },
      headers,
      returnHeaders: true,
    });
    const url = (result.response as { url?: string }).url;
    if (!url) return { ok: false, message: GOOGLE_FAILED };
    return { ok: true, url, headers: result.headers };
  } catch (error) {
    logger.error({ err: error }, "Google sign-in could not start");
    return { ok: false, message: GOOGLE_FAILED };
  }
}
