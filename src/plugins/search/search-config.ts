import { clickCommand, clickOptions, flag, milliseconds, sectionReader, v, type SectionOf } from '../../app/section.ts';
import { SIDE_BUTTON_DEFAULTS } from '../../../machines/side-button.machine.ts';

/**
 * The `search` section: the 'Ask a Question' window's options and its optional Search side button
 * (plugins-and-infrastructure.md §2 "Knowledge search window", §4 "Side buttons", §9). Which server,
 * language, knowledge bases and how many results are the `knowledgecenter` section's
 * (docs/knowledge-service.md). Each option is checked on its own; a bad one is reported with its path
 * and takes its default.
 */
export const searchSection = {
  /** Suggestions under the question box while the visitor types (from 1 character, at most 5). */
  autocomplete: flag(true),
  /** The star rating and comment under a document (its 'Was this helpful?' Yes / No stays). */
  rating: flag(true),
  /** The 'Search' side button (the shape of `sendmessage.sideButton`). */
  sideButton: {
    /** Shown once the plugin has loaded (its first command: the sidebar's channel, Search.showSearchButton …). */
    visible: flag(false),
    /** ms before it appears (spec: 1000). */
    openDelay: milliseconds(SIDE_BUTTON_DEFAULTS.openDelay),
    effect: v.optional(v.picklist(['fade', 'slide'], "must be 'fade' or 'slide'"), SIDE_BUTTON_DEFAULTS.effect),
    /** ms of the fade or slide (spec: 300); no motion under `prefers-reduced-motion`. */
    effectDuration: milliseconds(SIDE_BUTTON_DEFAULTS.effectDuration),
    /** What a click runs: `Search.open` by default (only an open or show command may run from configuration). */
    clickCommand: v.optional(clickCommand(), 'Search.open'),
    clickOptions: clickOptions(),
  },
};

export type SearchSettings = SectionOf<typeof searchSection>;

/** Reads the section; bad options are reported (once per section object) and take their defaults. */
export const readSearchSection = sectionReader('search', searchSection);
