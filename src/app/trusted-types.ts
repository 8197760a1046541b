/**
 * The library's one Trusted Types policy, 'live-assist' (docs/architecture.md, "Sanitiser"). On a
 * page that enforces Trusted Types (`require-trusted-types-for 'script'`), handing a string to an
 * HTML sink such as `DOMParser.parseFromString`, or to a script's `src`, throws unless it comes from
 * a policy; the page's `trusted-types` directive names the policies it allows, so a site must list
 * 'live-assist' (the library's only one: the loader renders without templates). The policy does two
 * things only: it gives content that is not ours to the inert DOMParser, whose tree the sanitiser
 * cleans before any node reaches the page; and it makes script URLs of the plugins the configuration
 * names, each one allowed first by `allowScriptUrl` after its origin was checked (src/app/external.ts).
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
/** The script URLs the policy will make (exact strings). */
const scripts = new Set<string>();

const rules: Policy = {
  createHTML: (input) => input,
  createScriptURL: (input) => {
    if (!scripts.has(input)) throw new TypeError(`[live-assist] ${input} is not a plugin script of this configuration`);
    return input;
  },
};

/**
 * The policy, created on first use; null when the page forbids it (its `trusted-types` list omits
 * 'live-assist'), said once on the console. Where the browser has no Trusted Types, strings pass as
 * they are (there is no sink to guard), script URLs still only when allowed.
 */
export function trustedPolicy(): Policy | null {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return (policy = rules);
  try {
    policy = factory.createPolicy(POLICY_NAME, rules);
  } catch (error) {
    policy = null;
    console.error(
      `[live-assist] This page's Content-Security-Policy does not allow the Trusted Types policy '${POLICY_NAME}' ` +
        `(add it to the trusted-types directive); HTML content is shown as plain text and plugin scripts are not loaded.`,
      error,
    );
  }
  return policy;
}

/** Lets the policy make `url` a script URL (once its origin is one the configuration allows). */
export function allowScriptUrl(url: string): void {
  scripts.add(url);
}

/** Forgets the policy so a test can create it again under another fake factory. Tests only. */
export function resetPolicyForTests(): void {
  policy = undefined;
}
