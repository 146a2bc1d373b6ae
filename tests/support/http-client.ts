/** A tiny cookie-keeping HTTP client for server tests: posts forms like a same-site browser would. */
export class HttpClient {
  cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.extraHeaders)) headers.set(k, v);
    if (this.cookies.size > 0 && new URL(url).origin === new URL(this.baseUrl).origin)
      headers.set("cookie", this.cookieHeader());
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    if (new URL(url).origin === new URL(this.baseUrl).origin) this.store(response);
    // a page is read as shown: without the texts it carries for the browser (every text of its namespaces, shown or
    // not), which would let a check find a text the page does not show
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      const text = response.text.bind(response);
      response.text = async () => renderedHtml(await text());
    }
    return response;
  }

  get(path: string) {
    return this.request(path);
  }

  post(path: string, fields: Record<string, string>) {
    return this.request(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin: this.baseUrl, "content-type": "application/x-www-form-urlencoded" },
    });
  }

  /** GETs and follows redirects (across origins too, for OAuth), returning the last response and its URL. */
  async follow(path: string, max = 10): Promise<{ response: Response; url: string }> {
    let url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    for (let i = 0; i < max; i++) {
      const response = await this.request(url);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      url = new URL(location, url).toString();
    }
    throw new Error(`too many redirects from ${path}`);
  }
}

export function sessionCookieName(client: HttpClient) {
  return [...client.cookies.keys()].find((k) => k.endsWith("setu.session_token"));
}

/**
 * A page's HTML without the translations it carries for the browser (the `i18n-texts` JSON, record 0058): every text
 * of the page's namespaces is there, shown or not, so a check that a text is absent from the page reads this.
 */
export function renderedHtml(html: string): string {
  return html.replace(/<script id="i18n-texts"[^>]*>[\s\S]*?<\/script>/, "");
}
