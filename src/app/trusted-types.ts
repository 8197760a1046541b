/**
 * The library's one Trusted Types policy, 'live-assist' (docs/architecture.md, "Sanitiser"). On a
 * page that enforces Trusted Types (`require-trusted-types-for 'script'`), handing a string to an
 * HTML sink such as `DOMParser.parseFromString`, or a URL to a script's `src`, throws unless it comes
 * from a policy; the page's `trusted-types` directive names the policies it allows, so a site must list
 * 'live-assist' (the library's only one: the loader renders without templates). The policy is used for
 * two things only: giving content that is not ours to the inert DOMParser, whose tree the sanitiser
 * cleans before any node reaches the page, and the http(s) URL of a script the site configured (the web
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

/** A script URL the policy lets through: http(s) only, so no `data:` or `javascript:` script runs. */
function scriptURL(input: string): string {
  const url = new URL(input, globalThis.location?.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`[live-assist] refused a script URL that is not http(s): ${url.protocol}`);
  return url.href;
}

function makePolicy(): Policy | null {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  const rules: Policy = { createHTML: (input) => input, createScriptURL: scriptURL };
  if (!factory) return rules;
  try {
    return factory.createPolicy(POLICY_NAME, rules);
  } catch (error) {
    console.error(
      `[live-assist] This page's Content-Security-Policy does not allow the Trusted Types policy '${POLICY_NAME}' ` +
        `(add it to the trusted-types directive); HTML content is shown as plain text.`,
      error,
    );
    return null;
  }
}

/**
 * The policy, created on first use; null when the page forbids it (its `trusted-types` list omits
 * 'live-assist'), said once on the console. Where the browser has no Trusted Types, strings pass as
 * they are (there is no sink to guard).
 */
export function htmlPolicy(): Pick<Policy, 'createHTML'> | null {
  if (policy === undefined) policy = makePolicy();
  return policy;
}

/** The policy's script URL for `url` (http(s) only); throws where the page forbids the policy. */
export function trustedScriptURL(url: string): string {
  if (policy === undefined) policy = makePolicy();
  if (!policy) throw new Error(`[live-assist] This page's Content-Security-Policy does not allow the Trusted Types policy '${POLICY_NAME}'`);
  return policy.createScriptURL(url);
}

/** Forgets the policy so a test can create it again under another fake factory. Tests only. */
export function resetHtmlPolicyForTests(): void {
  policy = undefined;
}
