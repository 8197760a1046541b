import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, Icon, LoadingScreen, Window } from '../common/chrome.tsx';
import { TextArea } from '../common/fields.tsx';
import { takeActivation } from '../common/side-button.ts';
import { useT, useView } from '../common/context.ts';
import { isSafeLink } from '../common/sanitize.ts';
import { SafeHtml } from '../common/safe-html.tsx';
import { HelpfulVote } from '../common/helpful-vote.tsx';
import { stepIndex, type StepKeys } from '../common/keyboard.ts';
import { x } from '../common/window-icons.ts';
import { MAX_COMMENT_LENGTH, MAX_QUERY_LENGTH, MAX_STARS, snippet, type SearchDocument } from '../../machines/search.machine.ts';
import type { SearchActor, SearchController } from '../../src/plugins/search/search.ts';
import type { Translator } from '../../src/app/i18n.ts';
import sheet from '../../styles/search.css' with { type: 'css' };

/**
 * `<la-search>`'s view: the 'Ask a Question' window (plugins-and-infrastructure.md §2). The question box
 * is a WAI-ARIA combobox (APG "combobox with list autocomplete": focus stays in the input, the options
 * are pointed at with aria-activedescendant); the list, the document, the no-results and failure views
 * follow the machine's tags (machines/search.machine.ts). Article HTML only through the sanitiser.
 */

/** The suggestions' keys: Down / Up move the pointed-at option, wrapping (Home / End stay the input's). */
const OPTION_KEYS: StepKeys = { next: ['ArrowDown'], previous: ['ArrowUp'], wrap: true };

/** The question box with its suggestions, Ask and the clear button. */
function QuestionBox({ actor, t }: { actor: SearchActor; t: Translator }) {
  const id = useId();
  const query = useSelector(actor, (s) => s.context.query);
  const suggestions = useSelector(actor, (s) => s.context.suggestions);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const expanded = suggestions.length > 0;
  // A new list points at nothing: the visitor's arrow keys choose.
  useEffect(() => setActive(-1), [suggestions]);
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (suggestion: string) => {
    actor.send({ type: 'search', query: suggestion });
    inputRef.current?.focus();
  };
  const ask = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    const key = event.key;
    if (stepIndex(key, active, count, OPTION_KEYS) !== null) {
      event.preventDefault();
      setActive((i) => stepIndex(key, i, count, OPTION_KEYS)!);
    } else if (event.key === 'Enter' && active >= 0 && active < count) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only; the window's Escape (close) waits for the next one (modal.ts skips a handled key).
      event.preventDefault();
      actor.send({ type: 'suggestions.dismiss' });
    }
  };

  return (
    <form role="search" className="la-search__box" aria-label={t.t('search.title')} onSubmit={ask}>
      <div className="la-field la-search__combo">
        <label htmlFor={`${id}-input`} className="la-visually-hidden">
          {t.t('search.question')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="query"
          type="text"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t.t('search.placeholder')}
          value={query}
          onChange={(event) => actor.send({ type: 'query.change', value: event.target.value })}
          onKeyDown={onKeyDown}
          onBlur={() => actor.send({ type: 'suggestions.dismiss' })}
        />
        {query ? (
          <button
            type="button"
            className="la-icon-button la-search__clear"
            aria-label={t.t('search.clear')}
            onClick={() => {
              actor.send({ type: 'query.clear' });
              inputRef.current?.focus();
            }}
          >
            <Icon d={x} size={18} />
          </button>
        ) : null}
        <ul id={`${id}-listbox`} role="listbox" className="la-search__suggestions" aria-label={t.t('search.suggestions')} hidden={!expanded}>
          {suggestions.map((suggestion, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the keys are the input's (aria-activedescendant)
            <li
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="la-search__suggestion"
              // Keeps focus in the input (a click on an option must not blur it first).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      </div>
      <Button type="submit" variant="primary">
        {t.t('search.ask')}
      </Button>
    </form>
  );
}

/** The search's documents with their snippets and 'More'. */
function Results({
  documents,
  onMore,
  t,
}: {
  documents: readonly SearchDocument[];
  onMore: (doc: SearchDocument, control: HTMLElement) => void;
  t: Translator;
}) {
  const id = useId();
  return (
    <ol className="la-search__results" aria-label={t.t('search.results')}>
      {documents.map((doc, index) => (
        <li key={`${doc.kbId}/${doc.id}`} className="la-search__result">
          <h3 id={`${id}-${index}`} className="la-search__result-title">
            {doc.title}
          </h3>
          <p className="la-search__snippet">{snippet(doc.answer)}</p>
          <button
            type="button"
            className="la-search__more"
            data-doc={`${doc.kbId}/${doc.id}`}
            aria-describedby={`${id}-${index}`}
            onClick={(event) => onMore(doc, event.currentTarget)}
          >
            {t.t('search.more')}
          </button>
        </li>
      ))}
    </ol>
  );
}

function Feedback({ actor, t, rating }: { actor: SearchActor; t: Translator; rating: boolean }) {
  const id = useId();
  const feedback = useSelector(actor, (s) => s.context.feedback);
  const canVote = useSelector(actor, (s) => s.can({ type: 'vote', relevant: true }));
  const voted = useSelector(actor, (s) => s.hasTag('voted'));
  const canRate = useSelector(actor, (s) => s.can({ type: 'rating.change', rating: 1 }) || s.can({ type: 'comment.change', value: '' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'rating.submit' }));
  const sendingRating = useSelector(actor, (s) => s.hasTag('rating'));
  const rated = useSelector(actor, (s) => s.hasTag('rated'));
  // The form (and its focused Submit) gives way to the thank-you: focus goes there, not to <body>, unless
  // the visitor has moved it elsewhere meanwhile.
  const ratedNote = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const note = ratedNote.current;
    const root = note?.getRootNode() as ShadowRoot | Document | undefined;
    if (rated && note && root && (!root.activeElement || root.activeElement === note.ownerDocument.body)) note.focus();
  }, [rated]);
  return (
    <div className="la-search__feedback">
      <HelpfulVote
        question={t.t('search.helpful')}
        yes={t.t('common.yes')}
        no={t.t('common.no')}
        relevant={feedback.relevant}
        locked={!canVote}
        onVote={(relevant) => actor.send({ type: 'vote', relevant })}
        note={voted ? t.t('search.thanks') : feedback.problem === 'vote' ? t.t('search.voteFailed') : ''}
      />
      {rating ? (
        rated ? (
          <p role="status" className="la-search__note" tabIndex={-1} ref={ratedNote}>
            {t.t('search.rated')}
          </p>
        ) : (
          <form
            className="la-search__rating"
            aria-labelledby={`${id}-rate`}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'rating.submit' });
            }}
          >
            <fieldset className="la-search__stars" disabled={!canRate}>
              <legend id={`${id}-rate`}>{t.t('search.rate')}</legend>
              {Array.from({ length: MAX_STARS }, (_, i) => i + 1).map((stars) => (
                <label key={stars} className={`la-search__star${stars <= feedback.rating ? ' la-search__star--on' : ''}`}>
                  <input
                    type="radio"
                    name="rating"
                    value={stars}
                    className="la-visually-hidden"
                    checked={feedback.rating === stars}
                    onChange={() => actor.send({ type: 'rating.change', rating: stars })}
                  />
                  <span aria-hidden="true">★</span>
                  <span className="la-visually-hidden">{t.plural('search.stars', stars)}</span>
                </label>
              ))}
            </fieldset>
            <TextArea
              label={t.t('search.comment')}
              name="comment"
              rows={3}
              maxLength={MAX_COMMENT_LENGTH}
              disabled={!canRate}
              value={feedback.comment}
              onChange={(event) => actor.send({ type: 'comment.change', value: event.target.value })}
            />
            {feedback.problem === 'rating' ? <p className="la-search__problem">{t.t('search.ratingFailed')}</p> : null}
            {/* The spec: the submit button appears only when both a star rating and a comment exist. */}
            {canSubmit || sendingRating ? (
              <ButtonGroup>
                {/* Locked while sending, still focusable: a disabled button would drop the focus to <body>. */}
                <Button type="submit" variant="primary" aria-disabled={sendingRating || undefined}>
                  {t.t('search.submit')}
                </Button>
              </ButtonGroup>
            ) : null}
          </form>
        )
      ) : null}
    </div>
  );
}

/** The whole document: title, sanitised answer, categories, attachments, feedback, Back and Close. */
function DocumentView({
  doc,
  actor,
  t,
  rating,
  onBack,
  onClose,
}: {
  doc: SearchDocument;
  actor: SearchActor;
  t: Translator;
  rating: boolean;
  onBack: () => void;
  onClose: () => void;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Focus moves to the article's title (the 'More' that opened it is gone), never to <body>.
  useEffect(() => titleRef.current?.focus(), [doc]);
  const attachments = doc.attachments.filter((a) => isSafeLink(a.url));
  const feedbackOff = doc.feedbackType?.toUpperCase() === 'NONE';
  return (
    <article className="la-search__document" aria-labelledby={titleId}>
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="la-search__document-title">
        {doc.title}
      </h3>
      <SafeHtml html={doc.answer} className="la-search__answer" />
      {doc.categories.length ? (
        <div className="la-search__meta">
          <h4>{t.t('search.categories')}</h4>
          <ul className="la-search__categories">
            {doc.categories.map((c) => (
              <li key={`${c.kbId ?? ''}/${c.id}`}>{c.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {attachments.length ? (
        <div className="la-search__meta">
          <h4>{t.t('search.attachments')}</h4>
          <ul className="la-search__attachments">
            {attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url} target="_blank" rel="noopener noreferrer">
                  {a.fileName}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {feedbackOff ? null : <Feedback actor={actor} t={t} rating={rating} />}
      <ButtonGroup variant="binary">
        <Button onClick={onBack}>{t.t('common.back')}</Button>
        <Button variant="primary" onClick={onClose}>
          {t.t('common.close')}
        </Button>
      </ButtonGroup>
    </article>
  );
}

function SearchView({ controller }: ViewProps<SearchController>) {
  const { actor } = controller;
  const settings = controller.settings();
  const t = useT();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const collapsed = useSelector(actor, (s) => s.hasTag('collapsed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const inDocument = useSelector(actor, (s) => s.hasTag('document'));
  const results = useSelector(actor, (s) => s.hasTag('results'));
  const noResults = useSelector(actor, (s) => s.hasTag('noResults'));
  const failure = useSelector(actor, (s) => s.hasTag('failure'));
  const documents = useSelector(actor, (s) => s.context.documents);
  const doc = useSelector(actor, (s) => s.context.document);
  const searches = useSelector(actor, (s) => s.context.searches);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The 'More' that opened the document: Back returns focus to it (or to the question box).
  const opener = useRef<string | null>(null);
  const { host } = useView();

  const [announcement, setAnnouncement] = useState('');
  // Said once per search outcome, in the language of that moment: a language change alone says nothing.
  const announce = useEffectEvent((outcome: { results: boolean; noResults: boolean; failure: boolean }) => {
    if (outcome.results) setAnnouncement(t.plural('search.resultsCount', documents.length));
    else if (outcome.noResults) setAnnouncement(`${t.t('search.noResults')}. ${t.t('search.rephrase')}`);
    else if (outcome.failure) setAnnouncement(`${t.t('search.error')} ${t.t('search.errorText')}`);
  });
  useEffect(() => announce({ results, noResults, failure }), [searches, results, noResults, failure]);

  const wasDocument = useRef(false);
  useEffect(() => {
    if (wasDocument.current && !inDocument) {
      const more = opener.current ? bodyRef.current?.querySelector<HTMLElement>(`[data-doc="${CSS.escape(opener.current)}"]`) : null;
      (more ?? bodyRef.current?.querySelector<HTMLElement>('input[name=query]'))?.focus();
    }
    wasDocument.current = inDocument;
  }, [inDocument]);
  // Opened from the side button (elements/common/side-button.ts): focus goes to the question box.
  useEffect(() => {
    if (!open || !takeActivation(host)) return;
    bodyRef.current?.querySelector<HTMLElement>('input[name=query]')?.focus();
  }, [open, host]);

  if (!open) return null;
  const close = () => actor.send({ type: 'close' });
  const title = t.t('search.title');

  return (
    <>
      <Window title={title} channel="Search" sideButton={controller.sideButton} kind="dock" onClose={close}>
        <div ref={bodyRef} className={`la-search${collapsed ? ' la-search--collapsed' : ''}`}>
          {inDocument ? null : <QuestionBox actor={actor} t={t} />}
          <div role="status" aria-live="polite" className="la-visually-hidden">
            {announcement}
          </div>
          {busy ? <LoadingScreen label={t.t(inDocument ? 'search.loadingDocument' : 'search.searching')} /> : null}
          {results && !inDocument ? (
            <Results
              documents={documents}
              t={t}
              onMore={(d) => {
                opener.current = `${d.kbId}/${d.id}`;
                actor.send({ type: 'document.open', kbId: d.kbId, docId: d.id });
              }}
            />
          ) : null}
          {noResults ? (
            <div className="la-search__message">
              <h3>{t.t('search.noResults')}</h3>
              <p>{t.t('search.noResultsText')}</p>
              <p>{t.t('search.rephrase')}</p>
            </div>
          ) : null}
          {failure ? (
            <div className="la-search__message la-search__message--error">
              <h3>{t.t('search.error')}</h3>
              <p>{t.t('search.errorText')}</p>
            </div>
          ) : null}
          {inDocument && doc ? (
            <DocumentView doc={doc} actor={actor} t={t} rating={settings.rating} onBack={() => actor.send({ type: 'back' })} onClose={close} />
          ) : null}
        </div>
      </Window>
    </>
  );
}

export default defineView('la-search-view', SearchView, [sheet]);
