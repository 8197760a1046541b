// @ts-check
/**
 * The demo's knowledge base: articles about PPK (pracownicze plany kapitałowe, the Polish employee
 * capital plans), written for the demo as plain general information — not legal or financial advice,
 * and the answers say where the authoritative sources are. Polish for every article, English for some
 * (same id, same knowledge base). Answers are short HTML using only <p>, <ul>, <li>, <strong> and
 * <a href="https://…">; the simulator serves them as they are and the widget sanitises them anyway.
 */
import { AGENT_LEAFLET } from './pdf.js';

/** @typedef {'pl' | 'en'} Lang */
/** @typedef {{ title: string, answer: string }} ArticleText */
/**
 * @typedef {object} Article
 * @property {string} id
 * @property {string[]} categories category ids (see CATEGORIES)
 * @property {{ path: string, fileName: string }[]} [attachments] paths on the demo server
 * @property {ArticleText} pl
 * @property {ArticleText} [en]
 */

export const KB_ID = 'ppk';

export const KNOWLEDGE_BASES = [
  {
    id: KB_ID,
    name: { pl: 'PPK — pracownicze plany kapitałowe', en: 'PPK — employee capital plans' },
    description: {
      pl: 'Odpowiedzi na najczęstsze pytania o wpłaty, rezygnację i wypłaty w PPK (materiał demonstracyjny).',
      en: 'Answers to the most frequent questions about PPK contributions, opting out and withdrawals (demo material).',
    },
    languages: /** @type {Lang[]} */ (['pl', 'en']),
  },
];

/** Categories of the knowledge base (one level; `path` is built from the name). */
export const CATEGORIES = [
  { id: 'podstawy', name: { pl: 'Podstawy PPK', en: 'PPK basics' } },
  { id: 'wplaty', name: { pl: 'Wpłaty', en: 'Contributions' } },
  { id: 'doplaty', name: { pl: 'Dopłaty od państwa', en: 'State payments' } },
  { id: 'rezygnacja', name: { pl: 'Rezygnacja', en: 'Opting out' } },
  { id: 'wyplaty', name: { pl: 'Wypłaty', en: 'Withdrawals' } },
  { id: 'pracodawca', name: { pl: 'Pracodawca', en: 'Employers' } },
  { id: 'instytucje', name: { pl: 'Instytucje finansowe', en: 'Financial institutions' } },
  { id: 'podatki', name: { pl: 'Podatki', en: 'Taxes' } },
  { id: 'sytuacje', name: { pl: 'Sytuacje życiowe', en: 'Life events' } },
];

/** Generated attachments served by the simulator under {prefix}/files/{name} (built with pdf.js). */
export const FILES = {
  'ppk-w-pigulce.pdf': AGENT_LEAFLET,
  'wyplaty-z-ppk.pdf': {
    title: 'Wypłaty z PPK — zestawienie',
    author: 'Centrum Informacji PPK (materiał demonstracyjny)',
    paragraphs: [
      'Materiał demonstracyjny biblioteki live-assist. Informacje mają charakter ogólny; wiążące są przepisy ustawy o PPK i umowa z instytucją finansową.',
      'Po 60. roku życia: 25% środków jednorazowo, 75% w co najmniej 120 miesięcznych ratach — bez podatku od zysków kapitałowych.',
      'Zwrot przed 60. rokiem życia: 30% wpłat pracodawcy trafia na konto w ZUS, dopłaty państwa wracają do Funduszu Pracy, od zysku pobiera się 19% podatku.',
      'Wypłata transferowa: przeniesienie środków do innej instytucji (PPK, IKE, PPE, lokata terminowa) bez podatku i bez potrąceń.',
      'Wkład własny: do 100% środków na mieszkanie lub dom przed ukończeniem 45 lat, do zwrotu w ciągu 15 lat bez odsetek.',
      'Poważne zachorowanie: do 25% środków bez obowiązku zwrotu (uczestnik, małżonek, dziecko).',
    ],
  },
  'rezygnacja-z-ppk.pdf': {
    title: 'Rezygnacja z PPK — jak to działa',
    author: 'Centrum Informacji PPK (materiał demonstracyjny)',
    paragraphs: [
      'Materiał demonstracyjny biblioteki live-assist. Obowiązujący wzór deklaracji określa rozporządzenie; pracodawca udostępnia go na żądanie.',
      'Deklarację o rezygnacji z dokonywania wpłat składasz pracodawcy na piśmie. Od miesiąca jej złożenia pracodawca nie pobiera wpłat.',
      'Co cztery lata, od 1 kwietnia, pracodawca ponownie zapisuje do PPK osoby, które zrezygnowały — o czym informuje do końca lutego.',
      'Zgromadzone środki pozostają na Twoim rachunku PPK i nadal są inwestowane. Wpłaty możesz wznowić w każdej chwili, składając wniosek.',
    ],
  },
};

/** @type {Article[]} */
export const ARTICLES = [
  {
    id: 'ppk-001',
    categories: ['podstawy'],
    attachments: [{ path: '/api/kc/files/ppk-w-pigulce.pdf', fileName: 'ppk-w-pigulce.pdf' }],
    pl: {
      title: 'Czym są pracownicze plany kapitałowe (PPK)?',
      answer:
        '<p>Pracownicze plany kapitałowe (PPK) to dobrowolny, powszechny system długoterminowego oszczędzania na przyszłość. Oszczędności tworzą wpłaty pracownika, pracodawcy i dopłaty od państwa.</p>' +
        '<ul><li>Środki gromadzone w PPK są prywatną własnością uczestnika i podlegają dziedziczeniu.</li><li>Oszczędzanie jest dobrowolne: z wpłat można zrezygnować w każdej chwili.</li><li>Środkami zarządza wybrana przez pracodawcę instytucja finansowa.</li></ul>' +
        '<p>Więcej informacji znajdziesz w oficjalnym serwisie <a href="https://www.mojeppk.pl/">mojePPK.pl</a>.</p>',
    },
    en: {
      title: 'What are employee capital plans (PPK)?',
      answer:
        '<p>Employee capital plans (PPK) are a voluntary, nationwide long-term savings scheme. The savings come from the employee, the employer and payments from the state.</p>' +
        '<ul><li>The money saved in PPK is the participant\'s private property and can be inherited.</li><li>Saving is voluntary: you can stop contributing at any time.</li><li>The money is managed by a financial institution chosen by the employer.</li></ul>' +
        '<p>More information on the official site <a href="https://www.mojeppk.pl/">mojePPK.pl</a>.</p>',
    },
  },
  {
    id: 'ppk-002',
    categories: ['podstawy'],
    pl: {
      title: 'Kto jest zapisywany do PPK?',
      answer:
        '<p>Pracodawca automatycznie zapisuje do PPK osoby zatrudnione, które mają ukończone 18 lat i nie ukończyły 55 lat, jeśli są zatrudnione co najmniej 3 miesiące (liczy się okres zatrudnienia w ciągu ostatnich 12 miesięcy).</p>' +
        '<ul><li>Osoby w wieku 55–70 lat mogą przystąpić do PPK na własny wniosek.</li><li>Osoby po ukończeniu 70 lat nie mogą uczestniczyć w PPK.</li><li>Zatrudnieniem jest m.in. umowa o pracę oraz umowa zlecenia, od której odprowadzane są obowiązkowe składki emerytalne i rentowe.</li></ul>',
    },
    en: {
      title: 'Who is enrolled in PPK?',
      answer:
        '<p>The employer automatically enrols employed persons aged at least 18 and under 55 who have worked for at least 3 months (counting employment within the last 12 months).</p>' +
        '<ul><li>People aged 55–70 may join PPK on their own request.</li><li>People aged over 70 cannot take part in PPK.</li><li>Employment includes an employment contract and a contract of mandate from which compulsory pension and disability contributions are paid.</li></ul>',
    },
  },
  {
    id: 'ppk-003',
    categories: ['wplaty'],
    pl: {
      title: 'Ile wynoszą wpłaty podstawowe do PPK?',
      answer:
        '<p>Wpłata podstawowa pracownika wynosi <strong>2% wynagrodzenia</strong>, a wpłata podstawowa pracodawcy <strong>1,5% wynagrodzenia</strong>.</p>' +
        '<p>Wpłaty liczy się od wynagrodzenia stanowiącego podstawę wymiaru składek na ubezpieczenia emerytalne i rentowe. Wpłatę pracownika pracodawca potrąca z wynagrodzenia netto, a obie wpłaty przekazuje do instytucji finansowej do 15. dnia następnego miesiąca.</p>',
    },
    en: {
      title: 'How much are the basic PPK contributions?',
      answer:
        '<p>The basic employee contribution is <strong>2% of pay</strong> and the basic employer contribution is <strong>1.5% of pay</strong>.</p>' +
        '<p>Both are calculated from the pay that is the basis for pension and disability insurance contributions. The employer deducts the employee contribution from net pay and transfers both to the financial institution by the 15th day of the following month.</p>',
    },
  },
  {
    id: 'ppk-004',
    categories: ['wplaty'],
    pl: {
      title: 'Czym są wpłaty dodatkowe do PPK?',
      answer:
        '<p>Oprócz wpłat podstawowych pracownik i pracodawca mogą dokonywać wpłat dodatkowych:</p>' +
        '<ul><li>pracownik — do <strong>2% wynagrodzenia</strong>, na podstawie deklaracji złożonej pracodawcy;</li><li>pracodawca — do <strong>2,5% wynagrodzenia</strong>, jeśli przewiduje to umowa o zarządzanie PPK.</li></ul>' +
        '<p>Łącznie wpłaty pracownika mogą więc wynieść do 4%, a pracodawcy do 4% wynagrodzenia. Wysokość wpłaty dodatkowej można zmienić lub zrezygnować z niej, składając pracodawcy nową deklarację.</p>',
    },
    en: {
      title: 'What are additional PPK contributions?',
      answer:
        '<p>On top of the basic contributions, the employee and the employer may pay additional contributions:</p>' +
        '<ul><li>the employee — up to <strong>2% of pay</strong>, by a declaration handed to the employer;</li><li>the employer — up to <strong>2.5% of pay</strong>, if the PPK management agreement provides for it.</li></ul>' +
        '<p>Altogether the employee may pay up to 4% and the employer up to 4% of pay. The additional contribution can be changed or stopped by handing the employer a new declaration.</p>',
    },
  },
  {
    id: 'ppk-005',
    categories: ['doplaty'],
    pl: {
      title: 'Czym jest wpłata powitalna 250 zł?',
      answer:
        '<p>Wpłata powitalna to jednorazowe <strong>250 zł</strong> od państwa, finansowane z Funduszu Pracy. Otrzymuje ją uczestnik, który oszczędza w PPK co najmniej 3 miesiące i za którego w tym czasie dokonano wpłat.</p>' +
        '<p>Wpłata powitalna przysługuje tylko raz, nawet jeśli masz kilka rachunków PPK u różnych pracodawców.</p>',
    },
    en: {
      title: 'What is the 250 PLN welcome payment?',
      answer:
        '<p>The welcome payment is a one-off <strong>250 PLN</strong> from the state, financed by the Labour Fund. A participant receives it after saving in PPK for at least 3 months with contributions paid in that time.</p>' +
        '<p>It is paid only once, even if you have several PPK accounts with different employers.</p>',
    },
  },
  {
    id: 'ppk-006',
    categories: ['doplaty'],
    pl: {
      title: 'Kiedy przysługuje dopłata roczna 240 zł?',
      answer:
        '<p>Dopłata roczna to <strong>240 zł</strong> od państwa, przekazywana na rachunek PPK w kwietniu za poprzedni rok. Przysługuje, jeśli suma wpłat podstawowych i dodatkowych pracownika i pracodawcy w danym roku osiągnie co najmniej 3,5% sześciokrotności minimalnego wynagrodzenia.</p>' +
        '<p>Osoby, które obniżyły wpłatę podstawową, muszą osiągnąć niższy próg (25% tej kwoty). Dopłata roczna przysługuje raz w roku, niezależnie od liczby rachunków PPK.</p>',
    },
  },
  {
    id: 'ppk-007',
    categories: ['rezygnacja'],
    attachments: [{ path: '/api/kc/files/rezygnacja-z-ppk.pdf', fileName: 'rezygnacja-z-ppk.pdf' }],
    pl: {
      title: 'Jak zrezygnować z wpłat do PPK?',
      answer:
        '<p>Aby zrezygnować z dokonywania wpłat do PPK, złóż pracodawcy pisemną <strong>deklarację o rezygnacji z dokonywania wpłat do PPK</strong>. Wzór deklaracji określa rozporządzenie, a pracodawca udostępnia go na Twoją prośbę.</p>' +
        '<ul><li>Od miesiąca złożenia deklaracji pracodawca nie pobiera wpłat.</li><li>Pieniądze zgromadzone do tej pory zostają na Twoim rachunku PPK i nadal są inwestowane.</li><li>Pracodawcy nie wolno nakłaniać do rezygnacji.</li></ul>',
    },
    en: {
      title: 'How do I opt out of PPK contributions?',
      answer:
        '<p>To stop contributing to PPK, hand your employer a written <strong>opt-out declaration</strong>. Its form is set by a regulation and the employer gives it to you on request.</p>' +
        '<ul><li>From the month you hand it in, the employer stops deducting contributions.</li><li>The money saved so far stays in your PPK account and remains invested.</li><li>An employer must not persuade anyone to opt out.</li></ul>',
    },
  },
  {
    id: 'ppk-008',
    categories: ['rezygnacja'],
    pl: {
      title: 'Dlaczego co cztery lata jestem ponownie zapisywany do PPK?',
      answer:
        '<p>Ustawa przewiduje <strong>automatyczne wznowienie wpłat co 4 lata</strong>: od 1 kwietnia pracodawca ponownie dokonuje wpłat za osoby, które wcześniej zrezygnowały. Do końca lutego informuje o tym każdą taką osobę.</p>' +
        '<p>Jeśli nadal nie chcesz oszczędzać w PPK, złóż ponownie deklarację o rezygnacji — najlepiej po otrzymaniu informacji od pracodawcy.</p>',
    },
  },
  {
    id: 'ppk-009',
    categories: ['wyplaty'],
    attachments: [{ path: '/api/kc/files/wyplaty-z-ppk.pdf', fileName: 'wyplaty-z-ppk.pdf' }],
    pl: {
      title: 'Jak wygląda wypłata z PPK po 60. roku życia?',
      answer:
        '<p>Po ukończeniu 60 lat możesz wypłacić środki z PPK na jeden z kilku sposobów:</p>' +
        '<ul><li><strong>25% jednorazowo</strong>, a pozostałe <strong>75% w co najmniej 120 miesięcznych ratach</strong> — wtedy nie płacisz podatku od zysków kapitałowych;</li><li>całość jednorazowo lub w mniejszej liczbie rat — wtedy od części wypłacanej poza tym schematem pobierany jest 19% podatek od zysku;</li><li>jako świadczenie małżeńskie albo wypłatę transferową na lokatę terminową.</li></ul>' +
        '<p>Wypłata nie jest obowiązkowa — możesz dalej oszczędzać. Wniosek o wypłatę składasz w instytucji finansowej prowadzącej Twój rachunek.</p>',
    },
    en: {
      title: 'How is PPK money paid out after the age of 60?',
      answer:
        '<p>From the age of 60 you can take your PPK money in one of several ways:</p>' +
        '<ul><li><strong>25% as a lump sum</strong> and the remaining <strong>75% in at least 120 monthly instalments</strong> — then no capital gains tax is due;</li><li>all at once or in fewer instalments — then 19% tax is charged on the gains paid outside that scheme;</li><li>as a spouse benefit or a transfer payment to a term deposit.</li></ul>' +
        '<p>The withdrawal is not compulsory — you may keep saving. You apply to the financial institution that keeps your account.</p>',
    },
  },
  {
    id: 'ppk-010',
    categories: ['wyplaty'],
    pl: {
      title: 'Czy mogę wypłacić pieniądze z PPK przed 60. rokiem życia?',
      answer:
        '<p>Tak. W każdej chwili możesz złożyć wniosek o <strong>zwrot</strong> środków. Zwrot jest jednak pomniejszony:</p>' +
        '<ul><li>30% wartości wpłat pracodawcy trafia na Twoje konto w ZUS (na poczet przyszłej emerytury);</li><li>wpłata powitalna i dopłaty roczne wracają do Funduszu Pracy;</li><li>od zysku kapitałowego pobierany jest 19% podatek.</li></ul>' +
        '<p>Bez potrąceń możesz skorzystać ze środków na wkład własny na mieszkanie albo w razie poważnego zachorowania.</p>',
    },
  },
];
