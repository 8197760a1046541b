/**
 * The end-of-chat survey offer (web-chat.md §4 "Survey offer", §7 "Survey"): the system's custom notice
 * carries JSON with `Survey_URL` and `Cancel_URL`; declining posts to the cancel URL, cross-origin, with
 * no body and no credentials (the spec shows none), and nothing reads the answer.
 */

import { httpUrl } from '../../app/urls.ts';

export { httpUrl };

/** The survey links of a custom notice's text, or undefined when it is not a survey notice. */
export function readSurveyNotice(text: string): { surveyUrl?: string; cancelUrl?: string } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { Survey_URL: survey, Cancel_URL: cancel } = data as Record<string, unknown>;
  const surveyUrl = httpUrl(survey);
  const cancelUrl = httpUrl(cancel);
  return surveyUrl || cancelUrl ? { surveyUrl, cancelUrl } : undefined;
}

/** Declining: a POST to the cancel URL that outlives the page (keepalive) and sends no cookies. */
export async function postSurveyCancel(url: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const target = httpUrl(url);
  if (!target) throw new Error('The survey cancel URL must be an http(s) URL');
  await fetchImpl(target, { method: 'POST', mode: 'no-cors', credentials: 'omit', keepalive: true });
}
