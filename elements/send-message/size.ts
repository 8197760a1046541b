/** Bytes, KB, MB, GB, TB with one decimal (spec §9); 1 KB = 1024 bytes. Bytes have no decimals. */
export const SIZE_UNITS = ['bytes', 'kb', 'mb', 'gb', 'tb'] as const;

export function formatSize(bytes: number, lang: string, unit: (key: (typeof SIZE_UNITS)[number]) => string): string {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < SIZE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  const digits = index === 0 ? 0 : 1;
  const number = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${number} ${unit(SIZE_UNITS[index]!)}`;
}
