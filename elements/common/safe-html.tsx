import { useLayoutEffect, useMemo, useRef } from 'react';
import { sanitizeHtml } from './sanitize.ts';

export interface SafeHtmlProps {
  /** HTML from the network (agent messages, knowledge articles): only ever through the sanitiser. */
  html: string;
  className: string;
  /** Links open in a new tab without an opener (articles shown inside a window). */
  newTab?: boolean;
  /** Whether the links are Tab stops (false: reached by the container's own keyboard model). Default true. */
  tabbable?: boolean;
}

/**
 * Network HTML shown the one way the library shows it: parsed inertly and cleaned by the sanitiser
 * (elements/common/sanitize.ts; Trusted Types aware), appended as nodes, never through innerHTML.
 */
export function SafeHtml({ html, className, newTab = false, tabbable = true }: SafeHtmlProps) {
  const ref = useRef<HTMLDivElement>(null);
  const nodes = useMemo(() => sanitizeHtml(html), [html]);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(...nodes);
    if (!newTab) return;
    for (const link of ref.current?.querySelectorAll('a') ?? []) {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
  }, [nodes, newTab]);
  useLayoutEffect(() => {
    for (const link of ref.current?.querySelectorAll('a') ?? []) link.tabIndex = tabbable ? 0 : -1;
  }, [nodes, tabbable]);
  return <div ref={ref} className={className} />;
}
