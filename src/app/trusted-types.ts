/**
 * The library's one Trusted Types policy, 'live-assist' (docs/architecture.md, "Sanitiser"). On a
 * page that enforces Trusted Types (`require-trusted-types-for 'script'`), handing a string to an
 * HTML sink such as `DOMParser.parseFromString`, or a URL to a script's `src`, throws unless it comes
 * from a policy; the page's `trusted-types` directive names the policies it allows, so a site must list
 * 'live-assist' (the library's only one: the loader renders without templates). The policy does two
 * things only: it gives content that is not ours to the inert DOMParser, whose tree the sanitiser
 * cleans before any node reaches the page; and it makes the http(s) URL of a script the site's
 * configuration names (its plugin files once their origin was checked, src/app/external.ts; the web
 * engagement tracker). One policy serves both because a page may create each name only once.
 */
export const POLICY_NAME = 'live-assist';

interface Policy {
  createHTML(input: string): string;
  createScriptURL(input: string): string;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: Policy): Policy;
}

/** undefined = not tried yet; null = the page forbids the policy (HTML content falls back to text). */
let policy: Policy | null | undefined;
/** The script URLs the policy will make (exact strings, given through `trustedScriptURL`). */
const scripts = new Set<string>();

const rules: Policy = {
  createHTML: (input) => input,
  createScriptURL: (input) => {
    const url = new URL(input, globalThis.location?.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`[live-assist] refused a script URL that is not http(s): ${url.protocol}`);
    if (!scripts.has(input)) throw new TypeError(`[live-assist] ${input} is not a script of this configuration`);
    return input;
  },
};

function makePolicy(): Policy | null {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return rules;
  try {
    return factory.createPolicy(POLICY_NAME, rules);
  } catch (error) {
    console.error(
      `[live-assist] This page's Content-Security-Policy does not allow the Trusted Types policy '${POLICY_NAME}' ` +
        `(add it to the trusted-types directive); HTML content is shown as plain text and configured scripts are not loaded.`,
      error,
    );
    return null;
  }
}

/**
 * The policy's HTML side, created on first use; null when the page forbids it (its `trusted-types` list
 * omits 'live-assist'), said once on the console. Where the browser has no Trusted Types, strings pass
 * as they are (there is no sink to guard).
 */
export function htmlPolicy(): Pick<Policy, 'createHTML'> | null {
  if (policy === undefined) policy = makePolicy();
  return policy;
}

/**
 * The policy's script URL for `url`, a script the configuration names (the caller checked its origin):
 * http(s) only, so no `data:`, `blob:` or `javascript:` script runs. Throws where the page forbids the policy.
 */
export function trustedScriptURL(url: string): string {
  if (policy === undefined) policy = makePolicy();
  if (!policy) throw new Error(`[live-assist] This page's Content-Security-Policy does not allow the Trusted Types policy '${POLICY_NAME}'`);
  scripts.add(url);
  return policy.createScriptURL(url);
}

/** Forgets the policy so a test can create it again under another fake factory. Tests only. */
export function resetHtmlPolicyForTests(): void {
  policy = undefined;
}
