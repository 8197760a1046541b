import { flag, sectionReader, v, type SectionOf } from '../../app/section.ts';
import type { DeflectionFact, DeflectionKeys } from '../../../machines/chat-deflection.machine.ts';

/**
 * The `chatdeflection` section (plugins-and-infrastructure.md §4 "Chat deflection", §9 "Chat deflection
 * defaults: disabled; readable agent transcript; reporting and workspace keys enabled (session,
 * language, country, question, knowledge base, customer id)"), read by the ChatDeflection plugin. Each
 * option is checked on its own; a bad one is reported with its path and takes its default.
 */

/** A user-data key: sent as a form field name, so one printable line. */
const key = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string('must be a string'),
      v.nonEmpty('must not be empty'),
      v.maxLength(100, 'must be at most 100 characters long'),
      v.regex(/^[\x20-\x7e]+$/, 'must be one line of printable ASCII characters'),
    ),
    fallback,
  );

/** The reporting keys: for the contact centre's reports (snake case, one prefix). */
export const REPORTING_KEYS: DeflectionKeys = {
  session: 'kc_session_id',
  language: 'kc_language',
  country: 'kc_country',
  question: 'kc_question',
  knowledgebase: 'kc_knowledge_base',
  customer: 'kc_customer_id',
};
/** The workspace keys: what the agent's desktop shows beside the chat. */
export const WORKSPACE_KEYS: DeflectionKeys = {
  session: 'KnowledgeSessionId',
  language: 'KnowledgeLanguage',
  country: 'KnowledgeCountry',
  question: 'KnowledgeQuestion',
  knowledgebase: 'KnowledgeBase',
  customer: 'KnowledgeCustomerId',
};

const keysSection = (defaults: DeflectionKeys) =>
  Object.fromEntries(Object.entries(defaults).map(([fact, name]) => [fact, key(name)])) as Record<DeflectionFact, ReturnType<typeof key>>;

export const DEFLECTION_DEFAULTS = {
  enabled: false,
  agentTranscript: 'readable',
  apiClientMediaType: 'chat',
} as const;

export const chatDeflectionSection = {
  /** Off by default (§9). */
  enabled: flag(DEFLECTION_DEFAULTS.enabled),
  /**
   * 'readable': the suggestions, the articles the visitor opens and their votes are also written to the
   * agent's transcript as custom notices in words (the agent sees what the visitor was offered and
   * read); 'none': only the welcome notice is sent.
   */
  agentTranscript: v.optional(v.picklist(['readable', 'none'], "must be 'readable' or 'none'"), DEFLECTION_DEFAULTS.agentTranscript),
  /** The search's `x-api-client-media-type` (the knowledge centre tells chat searches from the search window's). */
  apiClientMediaType: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.nonEmpty('must not be empty'),
      v.maxLength(100, 'must be at most 100 characters long'),
      v.regex(/^[\x20-\x7e]+$/, 'must be one line of printable ASCII characters (it is sent as a request header)'),
    ),
    DEFLECTION_DEFAULTS.apiClientMediaType,
  ),
  /** The visitor's country (ISO 3166 alpha-2) for the `country` key; absent: the region of the browser's language (`pl-PL` → PL), if it names one. */
  country: v.optional(v.pipe(v.string('must be a string'), v.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as PL'), v.toUpperCase())),
  reporting: { enabled: flag(true), keys: keysSection(REPORTING_KEYS) },
  workspace: { enabled: flag(true), keys: keysSection(WORKSPACE_KEYS) },
};

export type ChatDeflectionSection = SectionOf<typeof chatDeflectionSection>;

/** Reads the section (again only when it was replaced); bad options are reported and take their defaults. */
export const readChatDeflectionSection = sectionReader('chatdeflection', chatDeflectionSection);

/** The enabled key sets, reporting first. */
export const enabledKeys = (section: ChatDeflectionSection): DeflectionKeys[] =>
  [section.reporting, section.workspace].filter((set) => set.enabled).map((set) => set.keys as DeflectionKeys);
