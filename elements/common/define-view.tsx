import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import type { ViewHostProps, ViewModule } from './host.ts';
import { ViewContext } from './context.ts';
import chrome from '../../styles/chrome.css' with { type: 'css' };

/** What a widget's view component receives. */
export interface ViewProps<C> {
  controller: C;
  attrs: ViewHostProps['attrs'];
}

class ErrorBoundary extends Component<{ fallback: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[live-assist] a view failed to render', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? (
      <div className="la-element-error" role="alert">
        {this.props.fallback}
      </div>
    ) : (
      this.props.children
    );
  }
}

/**
 * The one helper around @r2wc/react-to-web-component. It defines the internal view element
 * (`la-console-view` …) that a public host element mounts inside its open shadow root, so the
 * host's adopted stylesheets apply and no <style> is ever injected. All props are rich properties
 * set by the host (r2wc's attribute parsing is not used: the host parses attributes with clear
 * errors, and r2wc's `function` type would resolve attribute strings to `window[value]`).
 */
export function defineView<C>(tag: string, View: ComponentType<ViewProps<C>>, sheets: readonly CSSStyleSheet[] = []): ViewModule {
  function Root({ app, host, controller, attrs }: Partial<ViewHostProps>) {
    if (!app || !host) return null;
    return (
      <ViewContext.Provider value={{ app, host }}>
        <ErrorBoundary fallback={app.t.t('common.renderError')}>
          <View controller={controller as C} attrs={attrs ?? {}} />
        </ErrorBoundary>
      </ViewContext.Provider>
    );
  }
  if (!customElements.get(tag)) {
    const Base = r2wc(Root, { props: { app: undefined, host: undefined, controller: undefined, attrs: undefined } }) as unknown as {
      new (): HTMLElement & { disconnectedCallback(): void };
    };
    customElements.define(
      tag,
      class extends Base {
        /** The control focused inside this root (the event's target as React sees it), until it loses focus. */
        #focused: EventTarget | null = null;
        #removal = new MutationObserver(() => this.#releaseFocused());

        constructor() {
          super();
          this.addEventListener('focusin', (event) => {
            this.#focused = event.target;
            this.#removal.observe(this, { childList: true, subtree: true });
          });
          // Focus leaving a control that stays on the page ends the watch. A focusout fired by the removal
          // itself (Chromium sends one for a removed focused element, during React's commit, which React
          // ignores) is judged after that commit: the control has left the document then.
          this.addEventListener('focusout', (event) => {
            if (event.target === this) return;
            const { target } = event;
            queueMicrotask(() => {
              if (this.#focused !== target) return;
              if (target instanceof Node && !target.isConnected) this.#releaseFocused();
              else this.#forgetFocused();
            });
          });
        }

        #forgetFocused(): void {
          this.#focused = null;
          this.#removal.disconnect();
        }

        /**
         * React keeps the text field last focused in any root in a module variable (its select event
         * plugin's `activeElement` and fiber), cleared only by a `focusout` React handles (react#26069).
         * A window closed with focus in a field detaches the field without one React handles (the
         * browser's focusout for a removed element, if any, comes during React's commit, which ignores
         * events dispatched then), so the closed window's whole tree and fibers stayed reachable until
         * the next focus in a React root.
         * Once the field focused here has left the document, this root is sent a focusout of its own: not
         * composed (it stays inside the host's shadow root), its target the root's container, which
         * belongs to no component (no onBlur runs).
         */
        #releaseFocused(): void {
          const focused = this.#focused;
          if (!(focused instanceof Node) || focused.isConnected) return;
          this.#forgetFocused();
          this.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
        }

        /**
         * r2wc unmounts the React root as soon as the element leaves the DOM. When another React view
         * removes it (the overlay's body holding `<la-channel-selector>`, which its commit detaches),
         * that is a synchronous unmount inside React's commit, which React refuses ("Attempted to
         * synchronously unmount a root while React was already rendering"). The unmount waits for a
         * microtask instead — and is skipped when the element was moved rather than removed.
         */
        override disconnectedCallback() {
          queueMicrotask(() => {
            if (this.isConnected) return;
            super.disconnectedCallback();
            this.#releaseFocused();
          });
        }
      },
    );
  }
  return { tag, sheets: [chrome, ...sheets] };
}
