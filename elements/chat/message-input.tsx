import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Icon } from '../common/chrome.tsx';
import { useT } from '../common/context.ts';
import { useRovingFocus } from '../common/keyboard.ts';
import { MAX_MESSAGE_LENGTH } from '../../machines/chat-transcript.ts';

/**
 * The chat's message input (web-chat.md §2, §5): a textarea that grows with its text
 * up to 11 lines (8 on a phone) and then scrolls, the character counter (500; a warning at 10 or fewer
 * left, announced politely only when the warning and the limit begin), Enter to send and Shift+Enter for
 * a new line, the Send button, the emoji menu and the actions menu (emoji, co-browse, a file). The text
 * is the parent's (controlled): a failed send keeps it because the parent does not clear it.
 */

export interface MessageInputProps {
  value: string;
  /** Every keystroke (the window sends typing notifications from it). */
  onChange(text: string): void;
  /** Enter or the Send button, with the text trimmed; never empty or whitespace only. */
  onSend(text: string): void;
  disabled?: boolean;
  /** Default 500 (the spec's message input maximum). */
  maxLength?: number;
  /** webchat.maxMessageLength: typing stops at the limit instead of counting down past it. */
  blockAtLimit?: boolean;
  /** webchat.charCountEnabled (default true). */
  charCounter?: boolean;
  /** The emoji menu (smile, thumbs up, sad). */
  emojis?: boolean;
  /** Actions menu: file upload (hidden when null). */
  uploads?: { onFiles(files: File[]): void; accept?: string } | null;
  /** Actions menu: co-browse start / stop (hidden when null). */
  cobrowse?: { active: boolean; onToggle(): void } | null;
  /** 8 lines instead of 11. */
  mobile?: boolean;
}

/** The spec's chat UI constants (§9); the message maximum is the chat's one (machines/chat-transcript.ts). */
const WARNING_AT = 10;
const DESKTOP_LINES = 11;
const MOBILE_LINES = 8;

/** The spec's emoji set of three, with the locale keys of their names. */
const EMOJIS = [
  { emoji: '🙂', key: 'chat.emoji.smile' },
  { emoji: '👍', key: 'chat.emoji.thumbsUp' },
  { emoji: '🙁', key: 'chat.emoji.sad' },
] as const;

/* lucide (ISC) outline icons, one path each on the 24 x 24 grid (converted as elements/common/window-icons.ts). */
/** lucide `face-slightly-smiling`. */
const smileIcon = 'M15 10V9M16.472 15a6 6 0 01-8.943 0M9 10V9M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0';
/** lucide `ellipsis`. */
const ellipsisIcon = 'M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0';
/** lucide `send-horizontal`. */
const sendIcon = 'M3.714 3.048a.498.498 0 0 0-.683.627l2.843 7.627a2 2 0 0 1 0 1.396l-2.842 7.627a.498.498 0 0 0 .682.627l18-8.5a.5.5 0 0 0 0-.904zM6 12h16';
/** lucide `paperclip`. */
const paperclipIcon = 'M16 6l-8.414 8.586a2 2 0 0 0 2.829 2.829l8.414-8.586a4 4 0 1 0-5.657-5.657l-8.379 8.551a6 6 0 1 0 8.485 8.485l8.379-8.551';
/** lucide `screen-share`. */
const screenShareIcon = 'M13 3H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-3M8 21h8M12 17v4M17 8l5-5M17 3h5v5';
/** lucide `screen-share-off`. */
const screenShareOffIcon = 'M13 3H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-3M8 21h8M12 17v4M22 3l-5 5M17 3l5 5';

/** `text` cut to `max` UTF-16 units, never through the middle of a surrogate pair (an emoji). */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The lines the text needs at the textarea's width, between 1 and `limit`: measured at one row. */
function fitRows(area: HTMLTextAreaElement, limit: number): number {
  area.rows = 1;
  const style = getComputedStyle(area);
  const line = parseFloat(style.lineHeight) || 20;
  const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const needed = Math.max(1, Math.round((area.scrollHeight - padding) / line));
  return Math.min(needed, limit);
}

interface MenuItem {
  key: string;
  label: string;
  /** Shown before the label, hidden from assistive technology. */
  icon: ReactNode;
  onSelect(): void;
}

interface MenuButtonProps {
  label: string;
  icon: string;
  items: readonly MenuItem[];
  open: 'first' | 'last' | false;
  setOpen(open: 'first' | 'last' | false): void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  disabled: boolean;
  className: string;
}

const MENU_ITEM = '[role=menuitem]';

/**
 * A menu button (WAI-ARIA APG "menu button"): Enter, Space or ArrowDown open the menu on its first item,
 * ArrowUp on its last; ArrowUp / ArrowDown (wrapping), Home and End move between items; Escape closes
 * it and gives focus back to the button (and goes no further: the window does not close); Tab or a click
 * elsewhere closes it.
 */
function MenuButton({ label, icon, items, open, setOpen, buttonRef, disabled, className }: MenuButtonProps) {
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const itemsOf = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEM) ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = itemsOf();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (disabled || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
  };
  const moveKeys = useRovingFocus({ selector: MENU_ITEM, next: ['ArrowDown'], previous: ['ArrowUp'], edges: true, wrap: true, stopPropagation: true });
  const onMenuKey = (event: KeyboardEvent<HTMLElement>) => {
    if (moveKeys(event)) return;
    switch (event.key) {
      case 'Escape':
        setOpen(false);
        buttonRef.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };
  // Focus leaving the menu closes it — but not for its own button, whose click then closes it.
  const onMenuBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && (menuRef.current?.contains(next) || next === buttonRef.current)) return;
    setOpen(false);
  };

  return (
    <div className={`la-chat-input__menu-anchor ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className="la-icon-button la-chat-input__tool"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open ? true : false}
        aria-controls={open ? menuId : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) setOpen(open ? false : 'first');
        }}
        onKeyDown={onButtonKey}
      >
        <Icon d={icon} size={20} />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} className="la-chat-input__menu" role="menu" aria-label={label} tabIndex={-1} onKeyDown={onMenuKey} onBlur={onMenuBlur}>
          {items.map((item) => (
            <button key={item.key} type="button" role="menuitem" tabIndex={-1} className="la-chat-input__menu-item" onClick={item.onSelect}>
              <span className="la-chat-input__menu-icon" aria-hidden="true">
                {item.icon}
              </span>
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The message input (see the module comment). */
export function MessageInput({
  value,
  onChange,
  onSend,
  disabled = false,
  maxLength = MAX_MESSAGE_LENGTH,
  blockAtLimit = false,
  charCounter = true,
  emojis = false,
  uploads = null,
  cobrowse = null,
  mobile = false,
}: MessageInputProps) {
  const t = useT();
  const id = useId();
  const counterId = `${id}-counter`;
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const actionsButton = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [emojiMenu, setEmojiMenu] = useState<'first' | 'last' | false>(false);
  const [actionsMenu, setActionsMenu] = useState<'first' | 'last' | false>(false);
  const [rows, setRows] = useState(1);
  // Where the caret goes once the parent has taken an inserted emoji.
  const caret = useRef<number | null>(null);

  // The textarea grows with its text up to the line limit, then scrolls (rows, never an inline style).
  const lineLimit = mobile ? MOBILE_LINES : DESKTOP_LINES;
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const next = fitRows(area, lineLimit);
    area.rows = next;
    setRows(next);
    if (caret.current !== null) {
      area.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [value, lineLimit]);

  // The counter, and what the polite live region says: only when the warning and the limit begin.
  const remaining = Math.max(0, maxLength - value.length);
  const counterText = t.plural('chat.input.charactersLeft', remaining);
  const zone = remaining === 0 ? 'limit' : remaining <= WARNING_AT ? 'warning' : 'ok';
  const [announcement, setAnnouncement] = useState('');
  // Every keystroke changes the counter's text; only a change of zone is said.
  const announce = useEffectEvent((zone: string, charCounter: boolean) => setAnnouncement(zone === 'ok' || !charCounter ? '' : counterText));
  useEffect(() => announce(zone, charCounter), [zone, charCounter]);

  /** The text kept within the maximum: cut at the limit, or left to the native maxlength when blocking. */
  const limited = (text: string) => (blockAtLimit ? text : truncate(text, maxLength));

  const change = (event: ChangeEvent<HTMLTextAreaElement>) => onChange(limited(event.target.value));

  const send = () => {
    if (disabled) return;
    const text = value.trim();
    if (text) onSend(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    // The Enter that ends an IME composition (Japanese, Chinese …) only confirms the composed text.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  /** Puts the emoji at the caret (replacing a selection) and gives focus back to the textarea. */
  const insertEmoji = (emoji: string) => {
    setEmojiMenu(false);
    const area = areaRef.current;
    if (!area) return;
    area.focus();
    if (disabled) return;
    const start = area.selectionStart ?? value.length;
    const end = area.selectionEnd ?? start;
    const next = value.slice(0, start) + emoji + value.slice(end);
    if (blockAtLimit && next.length > maxLength) return;
    caret.current = Math.min(start + emoji.length, maxLength);
    onChange(limited(next));
  };

  const emojiItems: MenuItem[] = EMOJIS.map(({ emoji, key }) => ({
    key,
    label: t.t(key),
    icon: emoji,
    onSelect: () => insertEmoji(emoji),
  }));

  /** An action done: the menu closes and focus goes back to its button. */
  const afterAction = () => {
    setActionsMenu(false);
    actionsButton.current?.focus();
  };
  const actions: MenuItem[] = [];
  if (emojis) {
    actions.push({
      key: 'emoji',
      label: t.t('chat.input.emoji'),
      icon: <Icon d={smileIcon} size={18} />,
      onSelect: () => {
        setActionsMenu(false);
        setEmojiMenu('first');
      },
    });
  }
  if (cobrowse) {
    actions.push({
      key: 'cobrowse',
      label: t.t(cobrowse.active ? 'chat.input.cobrowseStop' : 'chat.input.cobrowseStart'),
      icon: <Icon d={cobrowse.active ? screenShareOffIcon : screenShareIcon} size={18} />,
      onSelect: () => {
        afterAction();
        cobrowse.onToggle();
      },
    });
  }
  if (uploads) {
    actions.push({
      key: 'file',
      label: t.t('chat.input.sendFile'),
      icon: <Icon d={paperclipIcon} size={18} />,
      onSelect: () => {
        afterAction();
        fileRef.current?.click();
      },
    });
  }

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length) uploads?.onFiles(files);
  };

  const warning = remaining <= WARNING_AT;
  return (
    <div className={`la-chat-input${mobile ? ' la-chat-input--mobile' : ''}`} part="input">
      <div className="la-chat-input__row">
        <label className="la-visually-hidden" htmlFor={id}>
          {t.t('chat.input.label')}
        </label>
        <textarea
          ref={areaRef}
          id={id}
          name="message"
          className="la-chat-input__text cx-input"
          rows={rows}
          value={value}
          maxLength={blockAtLimit ? maxLength : undefined}
          placeholder={t.t('chat.input.placeholder')}
          aria-describedby={charCounter ? counterId : undefined}
          readOnly={disabled}
          aria-disabled={disabled || undefined}
          onChange={change}
          onKeyDown={onKeyDown}
        />
        <div className="la-chat-input__tools">
          {emojis ? (
            <MenuButton
              className="la-chat-input__emoji"
              label={t.t('chat.input.emoji')}
              icon={smileIcon}
              items={emojiItems}
              open={emojiMenu}
              setOpen={setEmojiMenu}
              buttonRef={emojiButton}
              disabled={disabled}
            />
          ) : null}
          {actions.length ? (
            <MenuButton
              className="la-chat-input__actions"
              label={t.t('chat.input.moreActions')}
              icon={ellipsisIcon}
              items={actions}
              open={actionsMenu}
              setOpen={setActionsMenu}
              buttonRef={actionsButton}
              disabled={disabled}
            />
          ) : null}
          <button
            type="button"
            className="la-icon-button la-chat-input__tool la-chat-input__send"
            aria-label={t.t('common.send')}
            aria-disabled={disabled || undefined}
            onClick={() => {
              send();
              areaRef.current?.focus();
            }}
          >
            <Icon d={sendIcon} size={20} />
          </button>
        </div>
      </div>
      {charCounter ? (
        <p id={counterId} className={`la-chat-input__counter${warning ? ' la-chat-input__counter--warning' : ''}`}>
          {counterText}
        </p>
      ) : null}
      <span className="la-visually-hidden" role="status">
        {announcement}
      </span>
      {uploads ? <input ref={fileRef} type="file" hidden multiple accept={uploads.accept} tabIndex={-1} onChange={onFiles} /> : null}
    </div>
  );
}
