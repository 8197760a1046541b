/** Colour maths for tests that check what a visitor sees, from Chromium's computed styles. */

/** An sRGB colour with alpha, channels 0–255, alpha 0–1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/** Parses a computed colour (`rgb(…)` / `rgba(…)`, as getComputedStyle returns it). */
export function parseColor(value: string): Rgba {
  const m = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value.trim());
  if (!m) throw new Error(`Not an rgb() colour: ${value}`);
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return { r: +m[1]!, g: +m[2]!, b: +m[3]!, a: alpha };
}

/** WCAG 2 relative luminance of an opaque colour. */
export function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** `top` painted over the opaque `bottom` (alpha compositing). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG 2 contrast ratio (1–21) of two computed colours; a translucent first colour is laid over the second. */
export function contrast(foreground: string, background: string): number {
  const bg = parseColor(background);
  const fg = over(parseColor(foreground), bg);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The computed colour a CSS colour expression (e.g. `var(--la-accent)`) has inside `scope`. */
export function resolveColor(scope: ShadowRoot | Element, expression: string): string {
  const probe = document.createElement('span');
  probe.style.color = expression;
  scope.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}
