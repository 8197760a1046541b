/** Attribute types an element accepts. There is deliberately no function type (see DESIGN.md §5). */
export type AttributeType = 'string' | 'number' | 'json';

export type ParsedAttributes = Record<string, unknown>;

/** Parses one attribute value; a bad value gives a message naming the element and attribute. */
export function parseAttribute(tag: string, name: string, type: AttributeType, raw: string | null): { value?: unknown; error?: string } {
  if (raw === null) return {};
  if (type === 'string') return { value: raw };
  if (type === 'number') {
    const value = Number(raw);
    return raw.trim() !== '' && Number.isFinite(value) ? { value } : { error: `<${tag}> attribute "${name}" must be a number, got "${raw}"` };
  }
  try {
    return { value: JSON.parse(raw) as unknown };
  } catch {
    return { error: `<${tag}> attribute "${name}" must be valid JSON` };
  }
}

/** kebab-case attribute → camelCase property. */
export const propertyName = (attribute: string): string => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
