/**
 * A structured message's rich media in the transcript (plugins-and-infrastructure.md §2-§5): the quick
 * replies row, a generic card (text only; text with components; media only; media with text and
 * components), several cards as a carousel, the vertical list with its selectors and submit, the
 * attachments row, and the components in them, the tooltip menu among them. Its own lazy chunk: the
 * transcript's row imports it when the first structured message arrives.
 *
 * Keyboard (BotFramework-WebChat's activity focus trap): the message is one line of the log; Enter on it
 * moves focus to its first control, Tab cycles within its controls, Escape returns to the line. Controls
 * are not Tab stops until then. A choice runs its action: a URL opens (`rel=noopener`), a command runs
 * under the channel-command rule (Bus.channelCommand: only a widget's open or show), text goes back as
 * the visitor's message. The item's `styles` become classes of a constructable sheet (no style attribute).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TranscriptMessage } from '../../../src/plugins/webchat-service/webchat-service.api.ts';
import type { Translator } from '../../../src/app/i18n.ts';
import { useView } from '../../common/context.ts';
import { SafeHtml } from '../../common/safe-html.tsx';
import { markdown, modelOf, stylesIn, type RichAction, type RichCard, type RichComponent } from './model.ts';
import sheet from '../../../styles/chat-rich.css' with { type: 'css' };

const FOCUSABLE = 'button, a[href], input, video[controls]';
/** The rich styles' sheet of each shadow root (or document), and the classes it already holds. */
const sheets = new WeakMap<Node, { sheet: CSSStyleSheet; held: Set<string> }>();

function adopt(root: Node, content: readonly unknown[], styled: boolean): void {
  const target = root as ShadowRoot | Document;
  if (!target.adoptedStyleSheets) return;
  let own = sheets.get(root);
  if (!own) {
    own = { sheet: new CSSStyleSheet(), held: new Set() };
    sheets.set(root, own);
    target.adoptedStyleSheets = [...target.adoptedStyleSheets.filter((s) => s !== sheet), sheet, own.sheet];
  }
  if (!styled) return;
  for (const [name, { base, hover }] of stylesIn(content)) {
    if (own.held.has(name)) continue;
    own.held.add(name);
    if (base) own.sheet.insertRule(`.${name}{${base}}`, own.sheet.cssRules.length);
    if (hover) own.sheet.insertRule(`.${name}:hover{${hover}}`, own.sheet.cssRules.length);
  }
}

export interface RichProps {
  message: TranscriptMessage;
  /** The visitor has spoken since (or a choice was made): quick replies are disabled. */
  answered: boolean;
  t: Translator;
}

interface Ctx {
  t: Translator;
  tab: number;
  act(action: RichAction, from?: HTMLElement): void;
}

function Action({ c, ctx, role, onDone }: { c: RichComponent; ctx: Ctx; role?: 'menuitem'; onDone?: () => void }) {
  const label = c.text || c.title || c.name;
  const cls = `la-button la-rich__button${c.style ? ` ${c.style}` : ''}`;
  if (c.action.url)
    return (
      <a className={cls} role={role} href={c.action.url} target={c.action.urlTarget} rel="noopener noreferrer" tabIndex={ctx.tab} onClick={onDone}>
        {label}
      </a>
    );
  return (
    <button
      type="button"
      className={cls}
      role={role}
      tabIndex={ctx.tab}
      onClick={(event) => {
        ctx.act(c.action, event.currentTarget);
        onDone?.();
      }}
    >
      {label}
    </button>
  );
}

/** The tooltip menu: opens on click, closes on an outside click, Escape or a choice. */
function Menu({ c, ctx }: { c: RichComponent; ctx: Ctx }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const outside = (event: Event) => {
      if (ref.current && !event.composedPath().includes(ref.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    root?.addEventListener('pointerdown', outside, true);
    ref.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      root?.removeEventListener('pointerdown', outside, true);
    };
  }, [open]);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from the menu's own buttons, delegated
    <div
      ref={ref}
      className="la-rich__menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="la-button la-rich__button"
        aria-haspopup="menu"
        aria-expanded={open}
        tabIndex={ctx.tab}
        onClick={() => setOpen(!open)}
      >
        {c.text || c.title || ctx.t.t('chat.rich.menu')}
      </button>
      {open ? (
        <ul role="menu" className="la-rich__menu-list" aria-label={c.text || ctx.t.t('chat.rich.menu')}>
          {c.components.map((item) => (
            <li key={item.key} role="none">
              <Action c={item.type === 'link' ? { ...item, action: { ...item.action, url: item.url } } : item} ctx={ctx} role="menuitem" onDone={close} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Component({ c, ctx }: { c: RichComponent; ctx: Ctx }): ReactNode {
  switch (c.type) {
    case 'text':
      return <p className={`la-rich__text${c.style ? ` ${c.style}` : ''}`}>{c.text}</p>;
    case 'line-break':
      return <br />;
    case 'image':
      return c.image ? <img className="la-rich__image" src={c.image} alt={c.title || c.text} /> : null;
    case 'link':
    case 'attachment':
      return (
        <a
          className={`la-rich__${c.type}${c.style ? ` ${c.style}` : ''}`}
          href={c.url}
          target={c.action.urlTarget}
          rel="noopener noreferrer"
          tabIndex={ctx.tab}
        >
          {c.type === 'attachment' ? <span aria-hidden="true">📎 </span> : null}
          {c.text || c.name || c.title || c.url}
        </a>
      );
    case 'menu':
      return <Menu c={c} ctx={ctx} />;
    case 'list-item':
      return <Item c={c} ctx={ctx} group="" onPick={() => undefined} />;
    default:
      return <Action c={c} ctx={ctx} />;
  }
}

/** A list item: its selector (a real checkbox or radio), image, title and description. */
function Item({ c, ctx, group, onPick }: { c: RichComponent; ctx: Ctx; group: string; onPick: (key: string, on: boolean, radio: boolean) => void }) {
  const body = (
    <>
      {c.image ? <img className="la-rich__thumb" src={c.image} alt="" /> : null}
      <span className="la-rich__item-text">
        <span className="la-rich__title">{c.title || c.text}</span>
        {c.desc ? <span className="la-rich__desc">{c.desc}</span> : null}
      </span>
    </>
  );
  return (
    <li className={`la-rich__item${c.desc || c.image ? ' la-rich__item--big' : ''}${c.style ? ` ${c.style}` : ''}`}>
      {c.selector ? (
        <label>
          <input type={c.selector} name={group} tabIndex={ctx.tab} onChange={(event) => onPick(c.key, event.currentTarget.checked, c.selector === 'radio')} />
          {body}
        </label>
      ) : (
        body
      )}
    </li>
  );
}

function Card({ card, ctx, label }: { card: RichCard; ctx: Ctx; label?: string }) {
  return (
    <div className={`la-rich__card${card.style ? ` ${card.style}` : ''}`} role={label ? 'group' : undefined} aria-label={label}>
      {card.image ? <img className="la-rich__media" src={card.image} alt={card.title} /> : null}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a server's video comes with no captions track to give it */}
      {card.video && !card.image ? <video className="la-rich__media" src={card.video} controls tabIndex={ctx.tab} aria-label={card.title} /> : null}
      {card.title ? <div className="la-rich__title">{card.title}</div> : null}
      {card.desc ? <SafeHtml html={markdown(card.desc)} className="la-rich__desc" newTab tabbable={ctx.tab === 0} /> : null}
      {card.components.length ? (
        <div className="la-rich__components">
          {card.components.map((c) => (
            <Component key={c.key} c={c} ctx={ctx} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function List({ card, ctx, name }: { card: RichCard; ctx: Ctx; name: string }) {
  const [picked, setPicked] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  // Two clicks in one task both see the state before either: the ref decides.
  const spent = useRef(false);
  const items = card.components.filter((c) => c.type === 'list-item');
  const others = card.components.filter((c) => c.type !== 'list-item');
  const pick = (key: string, on: boolean, radio: boolean) => setPicked((was) => (radio ? [key] : on ? [...was, key] : was.filter((k) => k !== key)));
  const submit = (c: RichComponent, from: HTMLElement) => {
    if (spent.current) return;
    spent.current = true;
    const titles = items.filter((i) => picked.includes(i.key)).map((i) => i.title || i.text);
    setSent(true);
    ctx.act({ ...c.action, text: titles.length ? `${c.action.text}: ${titles.join(', ')}` : c.action.text }, from);
  };
  return (
    <div className={`la-rich__card la-rich__list${card.style ? ` ${card.style}` : ''}`}>
      {card.title ? <div className="la-rich__title">{card.title}</div> : null}
      <ul className="la-rich__items" aria-label={card.title || undefined}>
        {items.map((c) => (
          <Item key={c.key} c={c} ctx={ctx} group={name} onPick={pick} />
        ))}
      </ul>
      <div className="la-rich__components">
        {others.map((c) =>
          c.type === 'button' && !c.action.url && !c.action.commandName ? (
            <button
              key={c.key}
              type="button"
              className={`la-button la-button--primary la-rich__button${c.style ? ` ${c.style}` : ''}`}
              tabIndex={ctx.tab}
              aria-disabled={sent || undefined}
              onClick={(event) => submit(c, event.currentTarget)}
            >
              {c.text || ctx.t.t('chat.rich.submit')}
            </button>
          ) : (
            <Component key={c.key} c={c} ctx={ctx} />
          ),
        )}
      </div>
    </div>
  );
}

function Carousel({ cards, ctx, label }: { cards: RichCard[]; ctx: Ctx; label: string }) {
  const track = useRef<HTMLDivElement>(null);
  const step = (dir: number) => track.current?.scrollBy({ left: dir * track.current.clientWidth * 0.8, behavior: 'smooth' });
  const { t } = ctx;
  return (
    <div className="la-rich__carousel" role="group" aria-roledescription={t.t('chat.rich.carousel')} aria-label={label}>
      <button type="button" className="la-button la-rich__prev" tabIndex={ctx.tab} aria-label={t.t('chat.rich.previous')} onClick={() => step(-1)}>
        ‹
      </button>
      <div ref={track} className="la-rich__track">
        {cards.map((card, i) => (
          <Card key={card.key} card={card} ctx={ctx} label={t.t('chat.rich.cardOf', { n: i + 1, count: cards.length, title: card.title })} />
        ))}
      </div>
      <button type="button" className="la-button la-rich__next" tabIndex={ctx.tab} aria-label={t.t('chat.rich.next')} onClick={() => step(1)}>
        ›
      </button>
    </div>
  );
}

export default function RichMessage({ message, answered, t }: RichProps) {
  const { app } = useView();
  const rich = message.rich!;
  const model = useMemo(() => modelOf(rich.contentType, rich.content, rich.textback), [rich]);
  const ref = useRef<HTMLDivElement>(null);
  const [inside, setInside] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const choice = useRef<string | null>(null);
  const styled = (app.section('webchat') as { richMediaStyles?: unknown }).richMediaStyles !== false;

  useLayoutEffect(() => {
    if (ref.current) adopt(ref.current.getRootNode(), rich.content, styled);
  }, [rich, styled]);

  const controls = () => [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
  // Enter on the message's line moves focus into its controls (the line is the row around this body).
  useEffect(() => {
    const line = ref.current?.closest<HTMLElement>('[data-item]');
    if (!line) return;
    const enter = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== line) return;
      const first = controls()[0];
      if (!first) return;
      event.preventDefault();
      setInside(true);
      first.focus();
    };
    line.addEventListener('keydown', enter);
    return () => line.removeEventListener('keydown', enter);
  }, []);

  const ctx: Ctx = {
    t,
    tab: inside ? 0 : -1,
    act(action) {
      if (action.commandName) {
        void app.bus
          .channelCommand(action.commandName, action.commandOptions, { commander: 'WebChat' })
          .catch((error: unknown) => console.warn('[live-assist] rich media:', error));
      } else if (action.text) {
        void app.bus.command('WebChatService.sendMessage', { message: action.text }).catch(() => undefined);
      }
    },
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setInside(false);
      target.closest<HTMLElement>('[data-item]')?.focus();
    } else if (event.key === 'Tab') {
      const all = controls();
      const at = all.indexOf(target);
      const next = event.shiftKey ? (at <= 0 ? all.at(-1) : all[at - 1]) : at === all.length - 1 ? all[0] : all[at + 1];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    } else if (target.tagName === 'INPUT') {
      // A selector's own keys (Space, arrows), not the log's.
      event.stopPropagation();
    }
  }

  const disabled = answered || chosen !== null;
  let body: ReactNode;
  if (model.layout === 'quick-replies')
    body = (
      <div className="la-rich__replies" role="group" aria-label={t.t('chat.rich.replies')}>
        {model.replies.map((c) => (
          <button
            key={c.key}
            type="button"
            className={`la-button la-rich__reply${chosen === c.key ? ' la-rich__reply--chosen' : ''}${c.style ? ` ${c.style}` : ''}`}
            tabIndex={ctx.tab}
            aria-disabled={disabled || undefined}
            aria-pressed={chosen === c.key || undefined}
            onClick={(event) => {
              if (disabled || choice.current) return;
              choice.current = c.key;
              setChosen(c.key);
              ctx.act(c.action, event.currentTarget);
            }}
          >
            {c.text || c.title}
          </button>
        ))}
      </div>
    );
  else if (model.layout === 'attachments')
    body = (
      <div className="la-rich__attachments">
        {model.attachments.map((c) => (
          <Component key={c.key} c={c} ctx={ctx} />
        ))}
      </div>
    );
  else if (model.layout === 'list-vertical')
    body = model.cards.map((card) => <List key={card.key} card={card} ctx={ctx} name={`la-rich-${message.index}-${card.key}`} />);
  else if (model.cards.length > 1) body = <Carousel cards={model.cards} ctx={ctx} label={message.text || t.t('chat.rich.carousel')} />;
  else body = model.cards.map((card) => <Card key={card.key} card={card} ctx={ctx} />);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the keys of the native controls inside (the trap's Tab and Escape), delegated
    <div
      ref={ref}
      className="la-rich"
      data-rich=""
      onKeyDown={onKeyDown}
      onFocus={() => setInside(true)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setInside(false);
      }}
    >
      {message.text ? <div className="la-transcript__plain">{message.text}</div> : null}
      {body}
    </div>
  );
}
