import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** A person at the provider; the interaction signs this one in without a form. */
export interface ProviderUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next login interaction signs in; `deny` makes the person refuse instead. */
  next(user: ProviderUser | 'deny'): void;
  /** A person who can sign in on the login page of `pageInteractions` by typing their `sub` as the login. */
  addUser(user: ProviderUser): void;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /** The app's callback URL, registered for the client. */
  redirectUri: string;
  /**
   * true: email and name in the ID token (as Google does); false: only at the userinfo endpoint (oidc-provider's
   * default for the code flow), which the app then has to ask.
   */
  claimsInIdToken: boolean;
  /** The client's credentials when the app has to be configured before the provider starts; else random ones. */
  client?: { clientId: string; clientSecret: string };
  /** Listen on this loopback port (reserved with freePort) instead of a random one. */
  port?: number;
  /**
   * true: oidc-provider's own login and consent pages (a form taking any password, with a Cancel link), for a real
   * browser to fill in; false: no pages, whoever next() named is signed in at once.
   */
  pageInteractions?: boolean;
}

export const providerUser = (overrides: Partial<ProviderUser> = {}): ProviderUser => {
  const id = crypto.randomUUID().slice(0, 12);
  return { sub: `sub-${id}`, email: `oidc-${id}@example.test`, email_verified: true, name: 'Grace Hopper', ...overrides };
};

/**
 * A real OpenID provider (panva's oidc-provider, the certified implementation) on a loopback port, with one
 * confidential client. By default its login and consent interaction has no form: it signs in whoever `next()` named
 * and grants the requested scopes, so a test drives the whole redirect dance with fetch. With `pageInteractions` a
 * browser signs in on the library's own pages instead.
 */
export async function startOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const users = new Map<string, ProviderUser>();
  let nextUser: ProviderUser | 'deny' | undefined;
  const clientId = options.client?.clientId ?? `client-${crypto.randomUUID().slice(0, 8)}`;
  const clientSecret = options.client?.clientSecret ?? crypto.randomBytes(24).toString('base64url');
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    features: { devInteractions: { enabled: options.pageInteractions ?? false } },
    // Explicit lifetimes keep oidc-provider from printing a notice per artifact type.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    ...(options.pageInteractions ? {} : { interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` } }),
    findAccount: async (_ctx, sub) => {
      const user = users.get(sub);
      return user && { accountId: sub, claims: async () => ({ ...user }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (options.pageInteractions || !req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        const who = nextUser;
        if (!who) throw new Error('startOidcProvider: call next(user) before a sign-in');
        if (who === 'deny') {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person declined.' }, { mergeWithLastSubmission: false });
          return;
        }
        users.set(who.sub, who);
        await provider.interactionFinished(req, res, { login: { accountId: who.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const accountId = details.session!.accountId;
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
      grant!.addOIDCScope(String(details.params.scope));
      const grantId = await grant!.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    next: (user) => {
      nextUser = user;
    },
    addUser: (user) => {
      users.set(user.sub, user);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
