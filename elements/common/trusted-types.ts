/**
 * The library's one Trusted Types policy, 'live-assist' (docs/architecture.md, "Sanitiser"). On a
 * page that enforces Trusted Types (`require-trusted-types-for 'script'`), handing a string to an
 * HTML sink such as `DOMParser.parseFromString` throws unless it comes from a policy; the page's
 * `trusted-types` directive names the policies it allows, so a site must list 'live-assist' (the
 * library's only one: the loader renders without templates). The policy is used for one thing only: giving content that is not ours to
 * the inert DOMParser, whose tree the sanitiser cleans before any node reaches the page.
 */
export const POLICY_NAME = 'live-assist';

interface HtmlPolicy {
  createHTML(input: string): string;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy;
}

/** undefined = not tried yet; null = the page forbids the policy (HTML content falls back to text). */
let policy: HtmlPolicy | null | undefined;

/**
 * The policy, created on first use; null when the page forbids it (its `trusted-types` list omits
 * 'live-assist'), said once on the console. Where the browser has no Trusted Types, strings pass as
 * they are (there is no sink to guard).
 */
export function htmlPolicy(): HtmlPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return (policy = { createHTML: (input) => input });
  try {
    policy = factory.createPolicy(POLICY_NAME, { createHTML: (input) => input });
  } catch (error) {
    policy = null;
    console.error(
      `[live-assist] This page's Content-Security-Policy does not allow the Trusted Types policy '${POLICY_NAME}' ` +
        `(add it to the trusted-types directive); HTML content is shown as plain text.`,
      error,
    );
  }
  return policy;
}

/** Forgets the policy so a test can create it again under another fake factory. Tests only. */
export function resetHtmlPolicyForTests(): void {
  policy = undefined;
}
