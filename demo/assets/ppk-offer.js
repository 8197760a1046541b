// The Polish page's promotion (issue 36): 20 s after the page loads, an offer about the employer's PPK
// contribution. It asks for the overlay; the Offers plugin shows it as a toaster on a phone. Its call to
// action opens the callback. Shown once per browser tab (session storage), as a site would. On a phone
// the chat's invite (10 s after load) may hold the toaster: the offer then waits until it closes.
const OFFER_DELAY_MS = 20000;
const SHOWN = 'ppk_offer_shown';

const offer = {
  mode: 'overlay',
  layout: 'leftText',
  title: 'Wpłata pracodawcy',
  headline: 'Pracodawca dopłaca do Twojego PPK',
  body: 'Do Twojej wpłaty pracodawca dodaje co najmniej 1,5% wynagrodzenia brutto, a państwo 250 zł na start i 240 zł co roku. Zamów rozmowę — konsultant policzy, ile zyskasz.',
  image: '/assets/ppk-offer.svg',
  button: 'Zamów rozmowę',
  cta: { command: 'Callback.open' },
  timeout: 30000,
  actionID: 'ppk-employer-contribution',
};

function show() {
  if (sessionStorage.getItem(SHOWN)) return;
  const api = window.LiveAssist;
  if (!api || typeof api.command !== 'function') return;
  sessionStorage.setItem(SHOWN, '1');
  const open = (retry) =>
    api.command('Offers.open', offer).catch((error) => {
      if (!retry) return console.warn(`[demo] Offers.open: ${error?.message ?? error}`);
      const off = api.subscribe('Toaster.closed', () => {
        off();
        open(false);
      });
    });
  open(true);
}

setTimeout(show, OFFER_DELAY_MS);
