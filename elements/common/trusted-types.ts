/** The library's one Trusted Types policy lives in src/app/trusted-types.ts: plugins load scripts through it too. */
export { POLICY_NAME, htmlPolicy, resetHtmlPolicyForTests } from '../../src/app/trusted-types.ts';
