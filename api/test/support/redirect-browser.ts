/**
 * A browser reduced to what a redirect flow needs: cookies per host (expired ones dropped; paths ignored, which only
 * sends a cookie more often than a browser would) and redirects followed one hop at a time, so a test sees every stop.
 * `hosts` maps an origin to the address it really runs at, as DNS would: the app can run with PUBLIC_URL
 * http://app.test while listening on a random loopback port.
 */
export class RedirectBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(private readonly hosts: Record<string, string> = {}) {}

  cookies(origin: string): Record<string, string> {
    return Object.fromEntries(this.jar(new URL(origin).host));
  }

  setCookie(origin: string, name: string, value: string): void {
    this.jar(new URL(origin).host).set(name, value);
  }

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const real = new URL(this.hosts[target.origin] ? `${this.hosts[target.origin]}${target.pathname}${target.search}` : target.href);
    const jar = this.jar(target.host);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(real, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * Follows redirects from `res` (requested at `from`) until a response is not a redirect or `stop` says to stop at
   * a Location. Answers the last response and the URL it came from (the public one, not the mapped one).
   */
  async follow(res: Response, from: string | URL, stop: (location: URL) => boolean = () => false): Promise<{ res: Response; url: URL; hops: URL[] }> {
    let url = new URL(from);
    const hops: URL[] = [];
    for (let i = 0; i < 20 && res.status >= 300 && res.status < 400; i++) {
      const location = new URL(res.headers.get('location')!, url);
      hops.push(location);
      if (stop(location)) return { res, url, hops };
      await res.arrayBuffer();
      url = location;
      res = await this.request(url);
    }
    return { res, url, hops };
  }

  private jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
}
