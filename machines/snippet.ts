/** A knowledge result's snippet (plugins-and-infrastructure.md §9), shared by the search window and chat deflection. */

/** Characters shown before the '…'. */
export const SNIPPET_LENGTH = 250;

/** `text` with its whitespace collapsed, at most `max` characters (code points), then '…'. */
export function snippet(text: string, max = SNIPPET_LENGTH): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('')}…`;
}
