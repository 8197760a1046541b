/**
 * The library's Trusted Types policy, 'live-assist', for the views: made in src/app/trusted-types.ts,
 * which the app's plugin-script loading uses too (one policy per name on a page).
 */
import { POLICY_NAME, resetPolicyForTests, trustedPolicy } from '../../src/app/trusted-types.ts';

export { POLICY_NAME };

/** The policy's HTML side, or null when the page forbids the policy (HTML content falls back to text). */
export const htmlPolicy: () => { createHTML(input: string): string } | null = trustedPolicy;

/** Forgets the policy so a test can create it again under another fake factory. Tests only. */
export const resetHtmlPolicyForTests: () => void = resetPolicyForTests;
