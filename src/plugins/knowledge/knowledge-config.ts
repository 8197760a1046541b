import { link, listOf, milliseconds, sectionReader, v, type SectionOf } from '../../app/section.ts';
import type { KnowledgeConfig } from '../../services/knowledge/types.ts';

/**
 * The `knowledgecenter` section (plugins-and-infrastructure.md §3 "Knowledge-centre settings", §9),
 * read by the KnowledgeCenterService plugin. Each option is checked on its own; a bad one is reported
 * with its path and takes its default.
 */

/** A value sent as a request header: one line of printable ASCII (anything else makes fetch throw). */
const headerText = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.nonEmpty('must not be empty'),
    v.maxLength(max, `must be at most ${max} characters long`),
    v.regex(/^[\x20-\x7e]+$/, 'must be one line of printable ASCII characters (it is sent as a request header)'),
  );
const headerValue = (max: number) => v.optional(headerText(max));
const headerValueOr = (fallback: string, max: number) => v.optional(headerText(max), fallback);
/** A knowledge base id or a media name: a short token. */
const token = (what: string) =>
  v.pipe(
    v.string(`each must be a ${what}`),
    v.nonEmpty('must not be empty'),
    v.maxLength(100, 'must be at most 100 characters long'),
    v.regex(/^[\w.:-]+$/, `must be a ${what} (letters, digits, . _ : -)`),
  );
/** A whole number of results from 1 to 100. */
const results = (fallback: number) =>
  v.optional(
    v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.maxValue(100, 'must be at most 100')),
    fallback,
  );

export const KNOWLEDGE_DEFAULTS = {
  apiVersion: 'v2',
  apiClientId: 'gwidget',
  apiClientMediaType: 'selfservice',
  lang: 'en',
  maxTrendingResults: 5,
  maxSearchResults: 3,
  timeout: 3000,
} as const;

export const knowledgeSection = {
  apiVersion: v.optional(v.picklist(['v1', 'v2'], "must be 'v1' or 'v2'"), KNOWLEDGE_DEFAULTS.apiVersion),
  /** The service's base URL: `/api/kc` (v2) or `/api/kc1` (v1) on the demo. */
  host: v.optional(link()),
  apiClientId: headerValueOr(KNOWLEDGE_DEFAULTS.apiClientId, 100),
  apiClientMediaType: headerValueOr(KNOWLEDGE_DEFAULTS.apiClientMediaType, 100),
  /** The media searched; empty = all. */
  media: listOf(token('media name'), 20),
  lang: v.optional(
    v.pipe(v.string('must be a language code'), v.regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/, 'must be a language code such as pl or en-GB')),
    KNOWLEDGE_DEFAULTS.lang,
  ),
  /** The knowledge bases searched; empty = every one the server lists. */
  knowledgebases: listOf(token('knowledge base id'), 50),
  maxTrendingResults: results(KNOWLEDGE_DEFAULTS.maxTrendingResults),
  maxSearchResults: results(KNOWLEDGE_DEFAULTS.maxSearchResults),
  tenantId: headerValue(100),
  apikey: headerValue(500),
  customerId: headerValue(200),
  timeout: milliseconds(KNOWLEDGE_DEFAULTS.timeout, 100, 60_000),
};

export type KnowledgeSection = SectionOf<typeof knowledgeSection>;

/** Reads the section (again only when it was replaced); bad options are reported and take their defaults. */
export const readKnowledgeSection = sectionReader('knowledgecenter', knowledgeSection);

/** What the service takes from the section (everything). */
export const knowledgeConfig = (section: KnowledgeSection): KnowledgeConfig => ({ ...section });
