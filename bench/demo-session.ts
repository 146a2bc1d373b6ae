/** A demo account's session cookie (`name=value`), signed in through the sign-in form as a browser posts it. */
export async function demoSessionCookie(baseUrl: string, email: string, password = "SetuDemo!2026"): Promise<string> {
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    // `__Secure-` before the name when the server's PUBLIC_URL is https
    .find((pair) => /^(__Secure-)?setu\.session_token=/.test(pair));
  if (!cookie) throw new Error(`could not sign in ${email} (status ${response.status})`);
  return cookie;
}
