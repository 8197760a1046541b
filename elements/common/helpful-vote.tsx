import { useId, type ReactNode } from 'react';

export interface HelpfulVoteProps {
  /** 'Was this helpful?' in the active language. */
  question: string;
  yes: string;
  no: string;
  /** The answer given so far (pressed), or none. */
  relevant: boolean | null | undefined;
  /** Voting is over or under way: the buttons say so (aria-disabled) and ignore presses. */
  locked: boolean;
  onVote(relevant: boolean): void;
  /** The thank-you or the failure line, announced politely. */
  note?: ReactNode;
  className?: string;
}

/**
 * A knowledge article's 'Was this helpful?' Yes / No (the search window's and chat deflection's). The
 * buttons stay focusable once locked (aria-disabled, not disabled), so a keyboard user's focus stays on
 * the button they pressed instead of falling to <body>.
 */
export function HelpfulVote({ question, yes, no, relevant, locked, onVote, note, className }: HelpfulVoteProps) {
  const id = useId();
  const press = (value: boolean) => () => {
    if (!locked) onVote(value);
  };
  return (
    <div className={`la-helpful${className ? ` ${className}` : ''}`} role="group" aria-labelledby={id}>
      <p id={id} className="la-helpful__question">
        {question}
      </p>
      <div className="la-buttons la-buttons--binary">
        <button type="button" className="la-button" aria-pressed={relevant === true} aria-disabled={locked || undefined} onClick={press(true)}>
          {yes}
        </button>
        <button type="button" className="la-button" aria-pressed={relevant === false} aria-disabled={locked || undefined} onClick={press(false)}>
          {no}
        </button>
      </div>
      <p className="la-helpful__note" role="status">
        {note}
      </p>
    </div>
  );
}
