// @ts-check
/**
 * A tiny PDF writer (one or more A4 pages of text in Helvetica) with Polish letters, used for the
 * data-protection notice (demo/ochrona-danych.pdf, written by demo/tools/make-pdf.mjs) and for the file
 * the scripted agent sends in chat. Web-standard only (returns a Uint8Array).
 */

/** Polish letters outside WinAnsiEncoding, mapped to codes 161.. through an /Encoding /Differences array. */
const EXTRA = [
  ['Ą', 'Aogonek'],
  ['Ć', 'Cacute'],
  ['Ę', 'Eogonek'],
  ['Ł', 'Lslash'],
  ['Ń', 'Nacute'],
  ['Ś', 'Sacute'],
  ['Ź', 'Zacute'],
  ['Ż', 'Zdotaccent'],
  ['ą', 'aogonek'],
  ['ć', 'cacute'],
  ['ę', 'eogonek'],
  ['ł', 'lslash'],
  ['ń', 'nacute'],
  ['ś', 'sacute'],
  ['ź', 'zacute'],
  ['ż', 'zdotaccent'],
];
const FIRST_EXTRA = 161;
/** WinAnsi codes for the few non-Latin-1 characters we use. */
const WINANSI = { '„': 0x84, '”': 0x94, '–': 0x96, '—': 0x97, '…': 0x85, '’': 0x92, '“': 0x93 };

/** @param {string} s text → PDF string literal body (bytes as chars 0-255) */
function encodeText(s) {
  let out = '';
  for (const ch of s) {
    const extra = EXTRA.findIndex(([c]) => c === ch);
    let code;
    if (extra >= 0) code = FIRST_EXTRA + extra;
    else if (ch in WINANSI) code = WINANSI[/** @type {keyof typeof WINANSI} */ (ch)];
    else if (ch.charCodeAt(0) < 256) code = ch.charCodeAt(0);
    else code = 0x3f; // '?'
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += '\\' + String.fromCharCode(code);
    else if (code < 32 || code > 126) out += '\\' + code.toString(8).padStart(3, '0');
    else out += String.fromCharCode(code);
  }
  return out;
}

/**
 * Greedy word wrap by character count (Helvetica 11 pt: ~95 characters per A4 line).
 * @param {string} text
 * @param {number} width
 */
function wrap(text, width) {
  const lines = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && (line + ' ' + word).length > width) {
        lines.push(line);
        line = word;
      } else line = line ? line + ' ' + word : word;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * @param {{ title: string, paragraphs: string[], author?: string }} doc
 * @returns {Uint8Array}
 */
export function buildPdf(doc) {
  const lineHeight = 15;
  const top = 790;
  const bottom = 60;
  const perPage = Math.floor((top - bottom - 30) / lineHeight);
  /** @type {string[]} */
  const lines = [];
  for (const p of doc.paragraphs) lines.push(...wrap(p, 92), '');
  /** @type {string[][]} */
  const pages = [];
  for (let i = 0; i < lines.length; i += perPage) pages.push(lines.slice(i, i + perPage));
  if (!pages.length) pages.push([]);

  /** @type {string[]} object bodies, index 0 = object 1 */
  const objects = [];
  const fontRegular = 3;
  const fontBold = 4;
  const encoding = 5;
  const info = 6;
  const firstPage = 7; // then page, contents pairs
  const kids = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ');
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`;
  objects[fontRegular - 1] = `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding ${encoding} 0 R >>`;
  objects[fontBold - 1] = `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding ${encoding} 0 R >>`;
  objects[encoding - 1] = `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${FIRST_EXTRA} ${EXTRA.map(([, g]) => '/' + g).join(' ')}] >>`;
  objects[info - 1] = `<< /Title (${encodeText(doc.title)}) /Author (${encodeText(doc.author || 'live-assist demo')}) /Producer (live-assist demo pdf.js) >>`;
  pages.forEach((pageLines, i) => {
    const pageObj = firstPage + i * 2;
    let stream = 'BT\n';
    let y = top;
    if (i === 0) {
      stream += `/F2 16 Tf 56 ${y} Td (${encodeText(doc.title)}) Tj\n`;
      y -= 30;
      stream += `/F1 11 Tf 0 -30 Td ${lineHeight} TL\n`;
    } else stream += `/F1 11 Tf 56 ${y} Td ${lineHeight} TL\n`;
    for (const l of pageLines) stream += `(${encodeText(l)}) Tj T*\n`;
    stream += `ET\nBT /F1 9 Tf 56 30 Td (${encodeText(`Strona ${i + 1} z ${pages.length}`)}) Tj ET\n`;
    objects[pageObj - 1] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${pageObj + 1} 0 R >>`;
    objects[pageObj] = `<< /Length ${stream.length} >>\nstream\n${stream}endstream`;
  });

  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets = [];
  for (let i = 0; i < objects.length; i++) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}

/** The data-protection notice of the demo deployment (fictional controller). */
export const DATA_PROTECTION_NOTICE = {
  title: 'Informacja o przetwarzaniu danych osobowych',
  author: 'Centrum Informacji PPK (podmiot fikcyjny)',
  paragraphs: [
    'Dokument demonstracyjny biblioteki live-assist. Wszystkie nazwy, adresy i numery są fikcyjne.',
    '1. Administrator danych. Administratorem Twoich danych osobowych jest Centrum Informacji PPK sp. z o.o. z siedzibą w Warszawie, ul. Przykładowa 1, 00-001 Warszawa (dalej: Administrator). Z Administratorem skontaktujesz się pisząc na adres siedziby lub przez formularz na stronie /kontakt.',
    '2. Inspektor ochrony danych. Administrator wyznaczył inspektora ochrony danych, z którym można się kontaktować we wszystkich sprawach dotyczących przetwarzania danych osobowych: iod@przyklad.invalid.',
    '3. Cel i podstawa przetwarzania. Dane podane w formularzu oddzwonienia, czatu lub wiadomości (imię, nazwisko, numer telefonu, adres e-mail, temat i treść pytania) przetwarzamy wyłącznie w celu obsługi Twojego zapytania kontaktowego, na podstawie art. 6 ust. 1 lit. f RODO — prawnie uzasadnionego interesu Administratora polegającego na udzieleniu odpowiedzi.',
    '4. Odbiorcy danych. Dane mogą być powierzane dostawcom usług teleinformatycznych i centrum kontaktu działającym na zlecenie Administratora. Nie przekazujemy danych do państw trzecich.',
    '5. Okres przechowywania. Dane przechowujemy przez czas obsługi zapytania, a następnie przez 12 miesięcy na potrzeby ewentualnych reklamacji, chyba że przepisy prawa wymagają dłuższego przechowywania.',
    '6. Twoje prawa. Masz prawo dostępu do danych, ich sprostowania, usunięcia lub ograniczenia przetwarzania, prawo wniesienia sprzeciwu oraz prawo wniesienia skargi do Prezesa Urzędu Ochrony Danych Osobowych (ul. Stawki 2, 00-193 Warszawa).',
    '7. Dobrowolność. Podanie danych jest dobrowolne, ale niezbędne do udzielenia odpowiedzi. Nie podejmujemy wobec Ciebie decyzji w sposób zautomatyzowany, w tym nie profilujemy.',
  ],
};

/** The leaflet the scripted agent sends in chat. */
export const AGENT_LEAFLET = {
  title: 'PPK w pigułce',
  author: 'Konsultant Centrum Informacji PPK',
  paragraphs: [
    'Pracownicze plany kapitałowe (PPK) to dobrowolny, powszechny system długoterminowego oszczędzania.',
    'Wpłata podstawowa pracownika: 2% wynagrodzenia (możliwe obniżenie do 0,5% przy niskich dochodach). Wpłata dodatkowa pracownika: do 2%.',
    'Wpłata podstawowa pracodawcy: 1,5% wynagrodzenia. Wpłata dodatkowa pracodawcy: do 2,5%.',
    'Od państwa: wpłata powitalna 250 zł i dopłata roczna 240 zł.',
    'Plik przesłany przez symulowanego konsultanta w demonstracji live-assist.',
  ],
};
