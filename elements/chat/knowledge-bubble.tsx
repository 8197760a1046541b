/**
 * The knowledge assistant's bubble in the chat transcript (chat deflection, plugins-and-infrastructure.md
 * §2): the welcome, or a search's suggested document (the top result: its title as a button and the
 * answer's first words) and the other results as question links. Every link is a real `<button>` (the
 * article opens inside the chat window, not on a new page); like the other controls of a message, they
 * take part in the transcript's roving focus (tabbable only in the current message). Plain text only:
 * search answers are text, never HTML.
 */
import type { JSX } from 'react';
import type { Translator } from '../../src/app/i18n.ts';
import type { KnowledgeBubble, KnowledgeLink } from '../../src/plugins/chat-deflection/chat-deflection.api.ts';

/** What a question link asks for: the document, and the search that found it (the vote names it). */
export interface KnowledgeOpen {
  kbId: string;
  docId: string;
  searchId?: string;
  query?: string;
}

export interface KnowledgeBodyProps {
  knowledge: KnowledgeBubble;
  /** The message is the transcript's current one: its buttons are in the Tab order. */
  current: boolean;
  t: Translator;
  /** A link was activated; `opener` gets the focus back when the article closes. */
  onOpen: (request: KnowledgeOpen, opener: HTMLElement) => void;
}

export function KnowledgeBody({ knowledge, current, t, onOpen }: KnowledgeBodyProps): JSX.Element {
  if (knowledge.kind === 'welcome') return <div className="la-transcript__plain">{t.t('chat.knowledge.welcome')}</div>;
  const request = (link: KnowledgeLink): KnowledgeOpen => ({
    kbId: link.kbId,
    docId: link.docId,
    ...(knowledge.searchId ? { searchId: knowledge.searchId } : {}),
    ...(knowledge.query ? { query: knowledge.query } : {}),
  });
  const link = (item: KnowledgeLink, className: string) => (
    <button
      type="button"
      className={`la-knowledge__link ${className}`}
      tabIndex={current ? 0 : -1}
      onClick={(event) => onOpen(request(item), event.currentTarget)}
    >
      {item.title}
    </button>
  );
  const { suggested, links } = knowledge;
  return (
    <div className="la-knowledge">
      <p className="la-knowledge__intro">{t.t('chat.knowledge.intro')}</p>
      {suggested ? (
        <div className="la-knowledge__suggested">
          <p className="la-knowledge__label">{t.t('chat.knowledge.suggested')}</p>
          {link(suggested, 'la-knowledge__link--suggested')}
          {suggested.snippet ? <p className="la-knowledge__snippet">{suggested.snippet}</p> : null}
        </div>
      ) : null}
      {links.length ? (
        <div className="la-knowledge__more">
          <p className="la-knowledge__label">{t.t('chat.knowledge.more')}</p>
          <ul className="la-knowledge__links">
            {links.map((item) => (
              <li key={`${item.kbId}/${item.docId}`}>{link(item, '')}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
