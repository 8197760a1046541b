// @ts-check
/**
 * Rich-media examples the bot, the scripted agent and the agent console send (plugins-and-infrastructure.md
 * §2, §3): one envelope per layout, in Polish and English. A structured message is a transcript message of
 * type Structured whose `contentType`, `content` and `id` ride beside its text; every wire adapter passes
 * them on (the cloud as the JSON text of its body).
 */

/** The layouts the agent console offers, in its picker's order. */
export const RICH_LAYOUTS = /** @type {const} */ (['quick-replies', 'card', 'carousel', 'list', 'attachments', 'buttons-menu']);

/** @typedef {typeof RICH_LAYOUTS[number]} RichLayout */

/**
 * @param {'pl' | 'en'} lang
 * @param {RichLayout} layout
 * @param {string} origin the demo site's origin (links to its pages and the PDF)
 * @returns {{ text: string, contentType: string, content: unknown[] }}
 */
export function richExample(lang, layout, origin) {
  const pl = lang === 'pl';
  const pdf = `${origin}/ochrona-danych.pdf`;
  const image = `${origin}/assets/favicon.svg`;
  switch (layout) {
    case 'quick-replies':
      return {
        text: pl ? 'W czym mogę pomóc?' : 'How can I help?',
        contentType: 'quick-replies',
        content: (pl ? ['Wpłaty', 'Wypłata', 'Porozmawiaj z konsultantem'] : ['Payments in', 'Withdrawal', 'Talk to an agent']).map((text, i) => ({
          id: `qr${i + 1}`,
          type: 'quick-reply',
          text,
        })),
      };
    case 'card':
      return {
        text: pl ? 'Informacja o ochronie danych' : 'Data protection notice',
        contentType: 'generic',
        content: [
          {
            id: 'card1',
            type: 'generic',
            title: pl ? 'Ochrona danych osobowych' : 'Personal data protection',
            desc: pl ? 'Jak **PPK** przetwarza Twoje dane. Pełny tekst w pliku PDF.' : 'How **PPK** handles your data. The full text is in the PDF.',
            components: [
              { id: 'c1', type: 'button', text: pl ? 'Otwórz PDF' : 'Open the PDF', actions: { url: pdf } },
              { id: 'c2', type: 'attachment', name: 'ochrona-danych.pdf', url: pdf },
            ],
          },
        ],
      };
    case 'carousel':
      return {
        text: pl ? 'Wybierz temat' : 'Choose a topic',
        contentType: 'generic',
        content: (pl
          ? [
              ['Wpłaty', 'Ile i kiedy wpłaca pracodawca.', '#wplaty'],
              ['Wypłata', 'Jak wypłacić środki po 60. roku życia.', '#wyplata'],
              ['Rezygnacja', 'Jak złożyć deklarację rezygnacji.', '#rezygnacja'],
            ]
          : [
              ['Payments in', 'How much the employer pays and when.', '#wplaty'],
              ['Withdrawal', 'How to withdraw after 60.', '#wyplata'],
              ['Opting out', 'How to hand in an opt-out declaration.', '#rezygnacja'],
            ]
        ).map(([title, desc, hash], i) => ({
          id: `card${i + 1}`,
          type: 'generic',
          title,
          desc,
          image: i === 0 ? image : undefined,
          styles: i === 0 ? { 'background-color': '#0b5394', color: '#ffffff', bold: true } : undefined,
          components: [{ id: `b${i + 1}`, type: 'button', text: pl ? 'Więcej' : 'More', actions: { url: `${origin}/${hash}`, urlTarget: '_blank' } }],
        })),
      };
    case 'list':
      return {
        text: pl ? 'Które dokumenty chcesz otrzymać?' : 'Which documents would you like?',
        contentType: 'list-vertical',
        content: [
          {
            id: 'list1',
            type: 'list-vertical',
            title: pl ? 'Dokumenty' : 'Documents',
            components: [
              { id: 'l1', type: 'list-item', selector: 'checkbox', title: pl ? 'Regulamin' : 'Terms', desc: pl ? 'Zasady uczestnictwa' : 'How the plan works' },
              { id: 'l2', type: 'list-item', selector: 'checkbox', title: pl ? 'Deklaracja rezygnacji' : 'Opt-out declaration', image },
              { id: 'l3', type: 'list-item', title: pl ? 'Cennik' : 'Fees' },
              { id: 's1', type: 'button', text: pl ? 'Wyślij' : 'Send', textback: pl ? 'Proszę o wybrane dokumenty' : 'Please send the chosen documents' },
            ],
          },
        ],
      };
    case 'attachments':
      return {
        text: pl ? 'Załączniki' : 'Attachments',
        contentType: 'attachments',
        content: [
          { id: 'a1', type: 'attachment', name: 'ochrona-danych.pdf', url: pdf },
          { id: 'a2', type: 'image', title: 'Logo', image },
        ],
      };
    case 'buttons-menu':
      return {
        text: pl ? 'Pomoc' : 'Help',
        contentType: 'generic',
        content: [
          {
            id: 'menu1',
            type: 'generic',
            title: pl ? 'Inne kanały' : 'Other channels',
            components: [
              { id: 'm0', type: 'text', text: pl ? 'Możemy też oddzwonić.' : 'We can also call you back.' },
              { id: 'br', type: 'line-break' },
              {
                id: 'm1',
                type: 'menu',
                text: pl ? 'Więcej opcji' : 'More options',
                components: [
                  { id: 'm2', type: 'button', text: pl ? 'Zamów oddzwonienie' : 'Ask for a call back', actions: { commandName: 'Callback.open' } },
                  { id: 'm3', type: 'link', text: pl ? 'Strona kontaktowa' : 'Contact page', url: `${origin}/kontakt.html` },
                ],
              },
            ],
          },
        ],
      };
  }
}
