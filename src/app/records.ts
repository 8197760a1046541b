/**
 * The one test for "a plain object" that answers, configuration and stored state are read with. The
 * loader keeps its own copy (src/app/packs.ts): a lazy chunk must never import loader code.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
