/**
 * The full-article overlay of chat deflection (plugins-and-infrastructure.md §2 "Chat deflection"):
 * inside the chat window, over the transcript, a dialog with the article's title, its answer (HTML,
 * only through the sanitiser), the attachments as links, 'Was this helpful?' Yes / No and Back.
 *
 * It renders the ChatDeflection machine's `article` region and sends it the visitor's intent
 * (`article.vote`, `article.back`); the network is the plugin's. Focus goes to the title when it opens;
 * Back (or Escape) closes it and the chat view returns the focus to the link that opened it. Not
 * `aria-modal`: the transcript and input under it are `inert` (the chat view), while the window's own
 * title-bar controls (minimise, close) stay reachable, by Tab and by a screen reader's cursor. The vote
 * buttons are `aria-disabled` (not `disabled`) once a vote is on its way or sent, so the focused
 * button keeps the focus while the thank-you is announced.
 */
import { useEffect, useId, useRef, type JSX, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useT } from '../common/context.ts';
import { SafeHtml } from '../common/safe-html.tsx';
import { HelpfulVote } from '../common/helpful-vote.tsx';
import type { ChatDeflectionActor } from '../../src/plugins/chat-deflection/chat-deflection.ts';

export function KnowledgeArticle({ actor }: { actor: ChatDeflectionActor }): JSX.Element {
  const t = useT();
  const loading = useSelector(actor, (s) => s.hasTag('articleLoading'));
  const failed = useSelector(actor, (s) => s.hasTag('articleFailed'));
  const voting = useSelector(actor, (s) => s.hasTag('voting'));
  const voted = useSelector(actor, (s) => s.hasTag('voted'));
  const article = useSelector(actor, (s) => s.context.article);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const back = () => actor.send({ type: 'article.back' });

  // The title takes the focus when the dialog opens and when the article has loaded (screen readers read it).
  useEffect(() => {
    heading.current?.focus();
  }, [article.ref?.kbId, article.ref?.docId, loading]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    back();
  };
  const vote = (relevant: boolean) => {
    if (!voting && !voted) actor.send({ type: 'article.vote', relevant });
  };
  const locked = voting || voted;
  const document = article.document;

  return (
    <div className="la-knowledge-article" role="dialog" aria-labelledby={titleId} aria-busy={loading || undefined} onKeyDown={onKeyDown}>
      <div className="la-knowledge-article__bar">
        <button type="button" className="la-button la-knowledge-article__back" onClick={back}>
          {t.t('chat.knowledge.back')}
        </button>
        <span className="la-knowledge-article__kind">{t.t('chat.knowledge.name')}</span>
      </div>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="la-knowledge-article__title">
        {document?.title ?? t.t('chat.knowledge.article')}
      </h2>
      {loading ? (
        <p className="la-knowledge-article__status" role="status">
          <span className="la-spinner" aria-hidden="true" />
          {t.t('chat.knowledge.loading')}
        </p>
      ) : failed || !document ? (
        <p className="la-knowledge-article__status la-knowledge-article__status--error" role="alert">
          {t.t('chat.knowledge.failed')}
        </p>
      ) : (
        <>
          <SafeHtml html={document.answer} className="la-knowledge-article__answer" newTab />
          {document.attachments.length ? (
            <section className="la-knowledge-article__attachments" aria-labelledby={`${titleId}-files`}>
              <h3 id={`${titleId}-files`}>{t.t('chat.knowledge.attachments')}</h3>
              <ul>
                {document.attachments.map((file) => (
                  <li key={file.url}>
                    <a href={file.url} target="_blank" rel="noopener noreferrer">
                      {file.fileName}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <HelpfulVote
            className="la-knowledge-article__vote"
            question={t.t('chat.knowledge.helpful')}
            yes={t.t('chat.knowledge.yes')}
            no={t.t('chat.knowledge.no')}
            relevant={article.relevant}
            locked={locked}
            onVote={vote}
            note={voted ? t.t('chat.knowledge.thanks') : ''}
          />
          {article.problem === 'vote' ? (
            <p className="la-knowledge-article__feedback--error" role="alert">
              {t.t('chat.knowledge.voteFailed')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
