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
export function defineView<C>(
  tag: string,
  View: ComponentType<ViewProps<C>>,
  sheets: readonly CSSStyleSheet[] = [],
): ViewModule {
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
        /**
         * r2wc unmounts the React root as soon as the element leaves the DOM. When another React view
         * removes it (the overlay's body holding `<la-channel-selector>`, which its commit detaches),
         * that is a synchronous unmount inside React's commit, which React refuses ("Attempted to
         * synchronously unmount a root while React was already rendering"). The unmount waits for a
         * microtask instead — and is skipped when the element was moved rather than removed.
         */
        override disconnectedCallback() {
          queueMicrotask(() => {
            if (!this.isConnected) super.disconnectedCallback();
          });
        }
      },
    );
  }
  return { tag, sheets: [chrome, ...sheets] };
}
