/**
 * What keeps secrets out of the log (docs/architecture.md, "Logging"). A mail's link carries a
 * secret in its URL (a one-click unsubscribe must: RFC 8058), a client may put a token in a query
 * by mistake, an error's message may quote a URL: whoever reads the log must find none of them.
 * Secrets are known two ways, so that one missed by a name is caught by its shape:
 *
 * - by the parameter's **name**: `token`, `access_token`, `password`, `key`, … (`SECRET_NAME`);
 * - by the value's **shape**: the service's opaque secrets all start `nardy_<kind>_` (API tokens
 *   `nardy_pat_`, refresh tokens `nardy_rt_`, reset and verification tokens `nardy_pr_` and
 *   `nardy_ev_`, unsubscribe tokens `nardy_us_`; src/security/opaque-secret.ts holds new kinds to
 *   it), and a sign-in token is a JWT (`eyJ….eyJ….…`).
 */

/** What stands in a log line for a secret. */
export const REDACTED = '[redacted]';

/**
 * The form of every opaque secret's prefix: `nardy_`, a kind of two to four lower-case letters,
 * `_`. (The database's statement names, `nardy_<hex>`, and channels, `nardy_match_events`, are
 * not of it.)
 */
export const SECRET_PREFIX_FORM = /^nardy_[a-z]{2,4}_$/;

/**
 * A secret within any text: an opaque secret (its prefix and what follows, dots included: an
 * unsubscribe token's parts are dotted) or a JWT (three base64url parts, the first two JSON
 * objects, so `eyJ`).
 */
const SECRET_SHAPES = /nardy_[a-z]{2,4}_[A-Za-z0-9._~-]+|eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/**
 * Parameter names that carry secrets, whatever their value looks like: any name that is, or ends
 * with, one of these words (`token`, `resetToken`, `refresh_token`, `x-api-key`, `client_secret`),
 * in any letter case.
 */
const SECRET_NAME =
  /(?:token|secret|password|passwd|pwd|passphrase|signature|sig|key|apikey|code|auth|authorization|jwt|session|credentials?)$/i;

/** How many times a value is percent-decoded, at most, to see through a secret encoded twice or more. */
const DECODINGS = 4;

/** Whether `text` holds a secret of a known shape. */
export function hasSecretShape(text: string): boolean {
  SECRET_SHAPES.lastIndex = 0;
  return SECRET_SHAPES.test(text);
}

/** Whether a parameter named `name` carries a secret, whatever its value. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.trim());
}

/** `text` percent-decoded (and `+` read as a space, as a query is) until it no longer changes. */
function decoded(text: string): string {
  let current = text;
  for (let i = 0; i < DECODINGS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      // A `%` that does not start an escape: decode the escapes that are whole.
      next = current.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** Whether `text`, as written or decoded, holds a secret of a known shape. */
function carriesSecret(text: string): boolean {
  return hasSecretShape(text) || hasSecretShape(decoded(text));
}

/** The `name=value` pairs of a query or fragment, each secret value replaced by the marker. */
function redactParameters(parameters: string): string {
  return parameters
    .split(/([&;])/)
    .map((pair, i) => {
      if (i % 2 === 1 || pair === '') return pair; // a separator
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      if (carriesSecret(name)) return REDACTED;
      if (eq < 0) return pair;
      const value = pair.slice(eq + 1);
      return value !== '' && (isSecretName(decoded(name)) || carriesSecret(value)) ? `${name}=${REDACTED}` : pair;
    })
    .join('');
}

/**
 * `url` (a request's target, `/path?query`, or an absolute URL) as a log line may show it: every
 * query (and fragment) parameter whose name says it is a secret, or whose value holds one, has its
 * value replaced by `[redacted]`; a path segment that holds a secret is replaced whole. Anything
 * else is kept as it came, so the line still says what was asked.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? null : url.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? null : beforeHash.slice(question + 1);
  const safePath = carriesSecret(path)
    ? path
        .split('/')
        .map((segment) => (carriesSecret(segment) ? REDACTED : segment))
        .join('/')
    : path;
  return (
    safePath +
    (query === null ? '' : `?${redactParameters(query)}`) +
    (fragment === null ? '' : `#${redactParameters(fragment)}`)
  );
}

/** A URL's parameter with a secret's name, within free text: `?token=…`, `&access_token=…`. */
const SECRET_PARAMETER_IN_TEXT =
  /([?&;#](?:[A-Za-z0-9_.-]*(?:token|secret|password|passwd|pwd|passphrase|signature|sig|key|apikey|code|auth|authorization|jwt|session|credentials?))=)[^&;#\s"'<>\\]+/gi;

/**
 * Any text (a whole log line, as written) with every secret of a known shape replaced by
 * `[redacted]`, and the value of every URL parameter named as a secret: the last guard, for a
 * secret quoted where no serializer looked (an error's message, a mail's text).
 */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_SHAPES, REDACTED).replace(SECRET_PARAMETER_IN_TEXT, `$1${REDACTED}`);
}
