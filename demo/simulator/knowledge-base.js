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
        "<ul><li>The money saved in PPK is the participant's private property and can be inherited.</li><li>Saving is voluntary: you can stop contributing at any time.</li><li>The money is managed by a financial institution chosen by the employer.</li></ul>" +
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
  {
    id: 'ppk-011',
    categories: ['wyplaty'],
    pl: {
      title: 'Czym jest wypłata transferowa z PPK?',
      answer:
        '<p>Wypłata transferowa to <strong>przeniesienie środków</strong> z rachunku PPK na inny rachunek — bez podatku i bez potrąceń. Środki mogą trafić m.in.:</p>' +
        '<ul><li>na inny rachunek PPK (np. w instytucji finansowej nowego pracodawcy);</li><li>do pracowniczego programu emerytalnego (PPE) lub na indywidualne konto emerytalne (IKE);</li><li>na lokatę terminową — po ukończeniu 60 lat;</li><li>na rachunek małżonka lub byłego małżonka — w razie śmierci uczestnika albo rozwodu.</li></ul>' +
        '<p>Wniosek o wypłatę transferową składasz w instytucji finansowej, do której mają trafić środki, albo w tej, która prowadzi Twój rachunek.</p>',
    },
    en: {
      title: 'What is a PPK transfer payment?',
      answer:
        '<p>A transfer payment <strong>moves the money</strong> from a PPK account to another account — with no tax and no deductions. The money may go, among others:</p>' +
        "<ul><li>to another PPK account (for example with the new employer's financial institution);</li><li>to an employee pension scheme (PPE) or an individual retirement account (IKE);</li><li>to a term deposit — from the age of 60;</li><li>to the account of a spouse or former spouse — after the participant's death or a divorce.</li></ul>" +
        '<p>You apply to the financial institution that is to receive the money, or to the one that keeps your account.</p>',
    },
  },
  {
    id: 'ppk-012',
    categories: ['wyplaty'],
    pl: {
      title: 'Jak działa wypłata z PPK na wkład własny na mieszkanie?',
      answer:
        '<p>Przed ukończeniem 45 lat możesz wypłacić <strong>do 100% środków</strong> z PPK na pokrycie wkładu własnego przy kredycie na mieszkanie lub dom (dla siebie, małżonka albo wspólnie).</p>' +
        '<ul><li>Wypłatę trzeba zwrócić na rachunek PPK w ciągu 15 lat, bez odsetek.</li><li>Zwrot zaczyna się najwcześniej 5 lat, a najpóźniej 10 lat po wypłacie.</li><li>Od takiej wypłaty nie pobiera się podatku ani potrąceń, a dopłaty od państwa zostają na rachunku.</li></ul>' +
        '<p>Jeśli środki nie zostaną zwrócone w terminie, niezwrócona kwota jest traktowana jak zwrot i podlega potrąceniom.</p>',
    },
  },
  {
    id: 'ppk-013',
    categories: ['wyplaty'],
    pl: {
      title: 'Czy mogę wypłacić środki z PPK na wypadek poważnego zachorowania?',
      answer:
        '<p>Tak. W razie <strong>poważnego zachorowania</strong> Twojego, Twojego małżonka albo dziecka możesz wypłacić <strong>do 25% środków</strong> zgromadzonych w PPK — bez obowiązku zwrotu.</p>' +
        '<ul><li>Ustawa wymienia m.in. nowotwór złośliwy, zawał serca, udar mózgu, niewydolność nerek i inne ciężkie choroby.</li><li>Do wniosku dołącza się orzeczenie lekarskie albo orzeczenie o niezdolności do pracy lub o niepełnosprawności.</li><li>Wypłata może być jednorazowa lub w ratach.</li></ul>',
    },
    en: {
      title: 'Can I withdraw PPK money in case of a serious illness?',
      answer:
        '<p>Yes. In case of a <strong>serious illness</strong> of yours, your spouse or your child you may withdraw <strong>up to 25% of your PPK savings</strong> — with no obligation to pay it back.</p>' +
        '<ul><li>The act lists, among others, cancer, heart attack, stroke, kidney failure and other severe diseases.</li><li>The application comes with a medical certificate or a decision on incapacity for work or disability.</li><li>The money can be paid at once or in instalments.</li></ul>',
    },
  },
  {
    id: 'ppk-014',
    categories: ['wyplaty', 'podatki'],
    pl: {
      title: 'Ile pieniędzy dostanę przy zwrocie środków z PPK?',
      answer:
        '<p>Przy zwrocie przed 60. rokiem życia (poza wkładem własnym i poważnym zachorowaniem) otrzymujesz całość swoich wpłat i zysków z nich oraz 70% środków z wpłat pracodawcy, pomniejszone o podatek od zysku.</p>' +
        '<ul><li>30% środków z wpłat pracodawcy trafia na Twoje konto w ZUS i zwiększa przyszłą emeryturę.</li><li>Wpłata powitalna i dopłaty roczne wracają do Funduszu Pracy.</li><li>Od zysku kapitałowego pobierany jest 19% podatek.</li></ul>' +
        '<p>Dokładną kwotę poda instytucja finansowa prowadząca Twój rachunek PPK.</p>',
    },
  },
  {
    id: 'ppk-015',
    categories: ['wplaty'],
    pl: {
      title: 'Czy mogę obniżyć wpłatę podstawową do 0,5%?',
      answer:
        '<p>Tak, jeśli Twoje wynagrodzenie ze wszystkich źródeł w danym miesiącu nie przekracza <strong>1,2-krotności minimalnego wynagrodzenia</strong>. Wtedy wpłata podstawowa może wynosić od 0,5% do 2% wynagrodzenia.</p>' +
        '<p>Obniżenie wymaga złożenia pracodawcy deklaracji. Wpłata pracodawcy (1,5%) się nie zmienia. Gdy zarobki wzrosną ponad ten próg, trzeba o tym poinformować pracodawcę.</p>',
    },
  },
  {
    id: 'ppk-016',
    categories: ['wplaty', 'pracodawca'],
    pl: {
      title: 'Od jakiego wynagrodzenia liczone są wpłaty do PPK?',
      answer:
        '<p>Wpłaty liczy się od <strong>wynagrodzenia stanowiącego podstawę wymiaru składek na ubezpieczenia emerytalne i rentowe</strong> — bez ograniczenia do rocznej podstawy (tzw. 30-krotności).</p>' +
        '<ul><li>Nie wlicza się m.in. zasiłków, np. chorobowego lub macierzyńskiego.</li><li>Za miesiące bez wynagrodzenia (np. urlop bezpłatny, wychowawczy) wpłat nie ma.</li></ul>',
    },
  },
  {
    id: 'ppk-017',
    categories: ['wplaty'],
    pl: {
      title: 'Jak zmienić wysokość wpłaty dodatkowej?',
      answer:
        '<p>Wpłatę dodatkową możesz zadeklarować, zmienić albo z niej zrezygnować w każdej chwili, składając pracodawcy <strong>deklarację</strong>. Zmiana obowiązuje od miesiąca następującego po miesiącu jej złożenia.</p>' +
        '<p>Wpłata dodatkowa pracownika może wynieść najwyżej 2% wynagrodzenia.</p>',
    },
  },
  {
    id: 'ppk-018',
    categories: ['rezygnacja'],
    pl: {
      title: 'Jak wznowić wpłaty do PPK po rezygnacji?',
      answer:
        '<p>Jeśli wcześniej zrezygnowałeś z PPK, możesz w każdej chwili wrócić: złóż pracodawcy <strong>wniosek o dokonywanie wpłat</strong>. Pracodawca zacznie pobierać wpłaty od miesiąca następującego po miesiącu złożenia wniosku.</p>' +
        '<p>Nie musisz czekać na automatyczne zapisanie, które następuje co cztery lata.</p>',
    },
  },
  {
    id: 'ppk-019',
    categories: ['rezygnacja'],
    pl: {
      title: 'Co dzieje się z pieniędzmi po rezygnacji z PPK?',
      answer:
        '<p>Rezygnacja oznacza tylko <strong>zaprzestanie wpłat</strong>. Środki zgromadzone na rachunku PPK zostają na nim i nadal są inwestowane — nie są automatycznie wypłacane.</p>' +
        '<p>W każdej chwili możesz złożyć wniosek o zwrot albo o wypłatę transferową; po ukończeniu 60 lat możesz też skorzystać z wypłaty na preferencyjnych zasadach.</p>',
    },
    en: {
      title: 'What happens to my money after I opt out of PPK?',
      answer:
        '<p>Opting out only <strong>stops the contributions</strong>. The money in your PPK account stays there and remains invested — it is not paid out automatically.</p>' +
        '<p>You may apply for a refund or a transfer payment at any time; from the age of 60 you can also withdraw it on the preferential terms.</p>',
    },
  },
  {
    id: 'ppk-020',
    categories: ['pracodawca'],
    pl: {
      title: 'Jakie obowiązki ma pracodawca w PPK?',
      answer:
        '<p>Pracodawca m.in.:</p>' +
        '<ul><li>zawiera z wybraną instytucją finansową <strong>umowę o zarządzanie PPK</strong>, a w imieniu pracowników <strong>umowę o prowadzenie PPK</strong>;</li><li>nalicza i potrąca wpłaty, a następnie przekazuje je do 15. dnia następnego miesiąca;</li><li>przyjmuje deklaracje i wnioski pracowników i informuje o ponownym zapisie co cztery lata;</li><li>przekazuje instytucji finansowej dane uczestników.</li></ul>' +
        '<p>Za niedopełnienie obowiązków lub nakłanianie do rezygnacji grozi grzywna.</p>',
    },
    en: {
      title: "What are the employer's duties in PPK?",
      answer:
        '<p>Among other things, the employer:</p>' +
        "<ul><li>signs a <strong>PPK management agreement</strong> with a chosen financial institution and, on behalf of the employees, a <strong>PPK keeping agreement</strong>;</li><li>calculates and deducts the contributions and transfers them by the 15th day of the following month;</li><li>accepts the employees' declarations and requests and tells them about the re-enrolment every four years;</li><li>passes the participants' data to the financial institution.</li></ul>" +
        '<p>Failing these duties or persuading employees to opt out is punishable by a fine.</p>',
    },
  },
  {
    id: 'ppk-021',
    categories: ['pracodawca', 'instytucje'],
    pl: {
      title: 'Kto wybiera instytucję finansową prowadzącą PPK?',
      answer:
        '<p>Instytucję finansową wybiera <strong>pracodawca</strong> — w porozumieniu z zakładową organizacją związkową albo z reprezentacją pracowników, jeśli nie ma związków zawodowych.</p>' +
        '<p>Wybierać można spośród instytucji wpisanych do ewidencji PPK: towarzystw funduszy inwestycyjnych, powszechnych towarzystw emerytalnych, pracowniczych towarzystw emerytalnych i zakładów ubezpieczeń. Listę znajdziesz na <a href="https://www.mojeppk.pl/">mojePPK.pl</a>.</p>',
    },
  },
  {
    id: 'ppk-022',
    categories: ['instytucje'],
    pl: {
      title: 'W co inwestowane są pieniądze z PPK?',
      answer:
        '<p>Środki trafiają do <strong>funduszy zdefiniowanej daty</strong>. Fundusz dobiera się według roku urodzenia uczestnika: im dalej do 60. urodzin, tym więcej akcji; im bliżej, tym więcej bezpieczniejszych instrumentów dłużnych.</p>' +
        '<p>Możesz złożyć w instytucji finansowej dyspozycję zmiany funduszu lub podziału wpłat między fundusze.</p>',
    },
    en: {
      title: 'What is PPK money invested in?',
      answer:
        "<p>The money goes into <strong>target-date funds</strong>. The fund depends on the participant's year of birth: the further away the 60th birthday, the more shares; the closer, the more lower-risk debt instruments.</p>" +
        '<p>You may ask the financial institution to move your money to another fund or to split the contributions between funds.</p>',
    },
  },
  {
    id: 'ppk-023',
    categories: ['instytucje'],
    pl: {
      title: 'Ile kosztuje zarządzanie środkami w PPK?',
      answer:
        '<p>Instytucja finansowa może pobierać wynagrodzenie za zarządzanie w wysokości <strong>najwyżej 0,5% wartości aktywów rocznie</strong> oraz wynagrodzenie za osiągnięty wynik — najwyżej 0,1% wartości aktywów rocznie, i tylko wtedy, gdy fundusz osiągnął dodatni wynik lepszy od wskaźnika referencyjnego.</p>' +
        '<p>Za prowadzenie rachunku, przyjęcie wpłat czy zmianę funduszu nie pobiera się dodatkowych opłat.</p>',
    },
  },
  {
    id: 'ppk-024',
    categories: ['instytucje', 'podstawy'],
    pl: {
      title: 'Jak sprawdzić stan rachunku PPK?',
      answer:
        '<p>Stan rachunku sprawdzisz w <strong>serwisie internetowym instytucji finansowej</strong>, która prowadzi Twój PPK — dane do logowania otrzymasz od niej po zawarciu umowy. Instytucja raz w roku przesyła też informację o wartości środków i wpłatach.</p>' +
        '<p>Jeśli nie wiesz, która instytucja prowadzi Twój rachunek, zapytaj w dziale kadr swojego pracodawcy.</p>',
    },
  },
  {
    id: 'ppk-025',
    categories: ['podatki', 'wplaty'],
    pl: {
      title: 'Czy wpłaty pracodawcy do PPK są opodatkowane?',
      answer:
        '<p>Tak. Wpłaty pracodawcy są dla pracownika <strong>przychodem</strong>, od którego pracodawca pobiera zaliczkę na podatek dochodowy. Nie są natomiast podstawą składek na ubezpieczenia społeczne.</p>' +
        '<p>Wpłaty pracownika pochodzą z wynagrodzenia już opodatkowanego. Kwoty wpłat pracodawcy widać w informacji PIT-11.</p>',
    },
    en: {
      title: "Are the employer's PPK contributions taxed?",
      answer:
        "<p>Yes. The employer's contributions are the employee's <strong>income</strong>, and the employer withholds income tax on them. They are not subject to social insurance contributions.</p>" +
        "<p>The employee's own contributions come from pay that has already been taxed. The employer's contributions appear in the PIT-11 statement.</p>",
    },
  },
  {
    id: 'ppk-026',
    categories: ['podatki', 'wyplaty'],
    pl: {
      title: 'Kiedy od wypłaty z PPK nie płaci się podatku?',
      answer:
        '<p>Zysk kapitałowy jest zwolniony z podatku m.in. gdy:</p>' +
        '<ul><li>po ukończeniu 60 lat wypłacasz 25% jednorazowo, a 75% w co najmniej 120 miesięcznych ratach;</li><li>korzystasz z wypłaty transferowej;</li><li>wypłacasz środki na wkład własny (i zwracasz je w terminie) albo w razie poważnego zachorowania.</li></ul>' +
        '<p>Przy zwrocie przed 60. rokiem życia od zysku pobierany jest 19% podatek.</p>',
    },
  },
  {
    id: 'ppk-027',
    categories: ['sytuacje'],
    pl: {
      title: 'Co dzieje się ze środkami w PPK po śmierci uczestnika?',
      answer:
        '<p>Środki w PPK podlegają <strong>dziedziczeniu</strong>.</p>' +
        '<ul><li>Małżonkowi przysługuje część środków objęta wspólnością majątkową — przekazywana wypłatą transferową na jego rachunek PPK, IKE lub do PPE (albo wypłacana w gotówce).</li><li>Pozostałe środki otrzymują osoby wskazane przez uczestnika, a gdy ich nie wskazał — spadkobiercy.</li></ul>' +
        '<p>Osoby uprawnione możesz wskazać i zmienić w każdej chwili w instytucji finansowej.</p>',
    },
    en: {
      title: 'What happens to PPK money when a participant dies?',
      answer:
        '<p>PPK money can be <strong>inherited</strong>.</p>' +
        '<ul><li>The spouse receives the part held in marital joint property — by a transfer payment to their PPK, IKE or PPE (or in cash).</li><li>The rest goes to the persons the participant named, or to the heirs if nobody was named.</li></ul>' +
        '<p>You may name or change the beneficiaries at any time with the financial institution.</p>',
    },
  },
  {
    id: 'ppk-028',
    categories: ['sytuacje'],
    pl: {
      title: 'Co dzieje się ze środkami w PPK po rozwodzie?',
      answer:
        '<p>Po rozwodzie lub unieważnieniu małżeństwa środki zgromadzone w PPK w czasie trwania wspólności majątkowej, które przypadają byłemu małżonkowi, przekazuje się <strong>wypłatą transferową</strong> na jego rachunek PPK, IKE lub w PPE.</p>' +
        '<p>Podstawą jest prawomocne orzeczenie sądu albo umowa o podziale majątku; wniosek składa się w instytucji finansowej prowadzącej rachunek.</p>',
    },
  },
  {
    id: 'ppk-029',
    categories: ['sytuacje', 'podstawy'],
    pl: {
      title: 'Co się dzieje z PPK przy zmianie pracy?',
      answer:
        '<p>Po odejściu z pracy Twój rachunek PPK <strong>nie jest zamykany</strong> — środki zostają na nim i nadal są inwestowane, choć nowe wpłaty od poprzedniego pracodawcy ustają.</p>' +
        '<p>Nowy pracodawca zapisze Cię do PPK w swojej instytucji finansowej. Jeśli chcesz mieć wszystko w jednym miejscu, złóż wniosek o wypłatę transferową ze starego rachunku na nowy.</p>',
    },
  },
  {
    id: 'ppk-030',
    categories: ['sytuacje', 'wplaty'],
    pl: {
      title: 'Czy w czasie urlopu macierzyńskiego lub wychowawczego są wpłaty do PPK?',
      answer:
        '<p>Wpłaty liczy się od wynagrodzenia, a <strong>zasiłek macierzyński</strong> ani urlop wychowawczy nim nie są — w tym czasie wpłaty do PPK się nie odbywają.</p>' +
        '<p>Rachunek pozostaje jednak aktywny, a środki są nadal inwestowane. Wpłaty wracają razem z wynagrodzeniem.</p>',
    },
  },
  {
    id: 'ppk-031',
    categories: ['podstawy', 'sytuacje'],
    pl: {
      title: 'Czy mogę mieć kilka rachunków PPK?',
      answer:
        '<p>Tak. Jeśli pracujesz u kilku pracodawców, <strong>każdy z nich zapisuje Cię do PPK osobno</strong> i wpłaty naliczane są od wynagrodzenia u danego pracodawcy.</p>' +
        '<p>Wpłata powitalna i dopłata roczna przysługują jednak tylko raz (dopłata — raz w roku), niezależnie od liczby rachunków.</p>',
    },
  },
  {
    id: 'ppk-032',
    categories: ['pracodawca'],
    pl: {
      title: 'Którzy pracodawcy nie muszą tworzyć PPK?',
      answer:
        '<p>Obowiązku nie ma m.in.:</p>' +
        '<ul><li><strong>mikroprzedsiębiorca</strong>, jeśli wszystkie osoby zatrudnione złożyły deklaracje o rezygnacji z wpłat;</li><li>pracodawca prowadzący pracowniczy program emerytalny (PPE) ze składką co najmniej 3,5% wynagrodzenia, do którego należy co najmniej 25% zatrudnionych;</li><li>osoba fizyczna zatrudniająca w ramach działalności niezwiązanej z działalnością gospodarczą.</li></ul>',
    },
  },
  {
    id: 'ppk-033',
    categories: ['podstawy'],
    pl: {
      title: 'Czy PPK zmniejsza emeryturę z ZUS?',
      answer:
        '<p>Nie. PPK to <strong>dodatkowe, dobrowolne oszczędzanie</strong> — nie zastępuje obowiązkowego ubezpieczenia emerytalnego i nie zmniejsza emerytury z ZUS.</p>' +
        '<p>Przy zwrocie przed 60. rokiem życia 30% środków z wpłat pracodawcy trafia na Twoje konto w ZUS, czyli zwiększa zapisany tam kapitał.</p>',
    },
  },
  {
    id: 'ppk-034',
    categories: ['podstawy'],
    pl: {
      title: 'Czy środki w PPK mogą zostać zajęte przez komornika?',
      answer:
        '<p>Środki zgromadzone w PPK są <strong>wolne od zajęcia egzekucyjnego</strong>, z wyjątkiem egzekucji należności alimentacyjnych.</p>' +
        '<p>Wpłaty potrącane z wynagrodzenia liczy się jednak od wynagrodzenia przed ewentualnymi potrąceniami komorniczymi.</p>',
    },
  },
  {
    id: 'ppk-035',
    categories: ['wplaty', 'pracodawca'],
    attachments: [{ path: '/ochrona-danych.pdf', fileName: 'ochrona-danych.pdf' }],
    pl: {
      title: 'Jakie dane przekazuje pracodawca instytucji finansowej PPK?',
      answer:
        '<p>Do zawarcia umowy o prowadzenie PPK pracodawca przekazuje instytucji finansowej dane potrzebne do założenia rachunku: m.in. imię i nazwisko, PESEL, datę urodzenia, obywatelstwo, adres oraz — jeśli je ma — adres e-mail i numer telefonu.</p>' +
        '<p>Jak przetwarzamy dane osób, które kontaktują się z naszym centrum informacji, opisuje dołączony dokument.</p>',
    },
  },
  {
    id: 'ppk-036',
    categories: ['doplaty'],
    pl: {
      title: 'Co się dzieje z dopłatami od państwa przy zwrocie środków?',
      answer:
        '<p>Przy zwrocie przed 60. rokiem życia <strong>wpłata powitalna i dopłaty roczne wracają do Funduszu Pracy</strong>. Zostają na rachunku, jeśli korzystasz z wypłaty transferowej, wypłaty na wkład własny albo wypłaty w razie poważnego zachorowania.</p>' +
        '<p>Po ukończeniu 60 lat dopłaty wypłaca się razem z pozostałymi środkami.</p>',
    },
    en: {
      title: 'What happens to the state payments when I take a refund?',
      answer:
        '<p>With a refund before the age of 60 the <strong>welcome payment and the annual payments go back to the Labour Fund</strong>. They stay in the account with a transfer payment, a withdrawal for a home deposit or a withdrawal for a serious illness.</p>' +
        '<p>From the age of 60 the state payments are paid out together with the rest of the money.</p>',
    },
  },
];
