// Progressive enhancement of the contact page's plain form. When <la-send-message> is defined by the
// library, the CSS hides this fallback (la-send-message:defined > .fallback) and the element's own
// form is used instead. The answers follow the simulator's send-message contract.
const MESSAGES = {
  102: 'Podaj imię.',
  103: 'Podaj nazwisko.',
  104: 'Podaj temat wiadomości.',
  181: 'Podaj adres e-mail.',
  182: 'Wpisz treść wiadomości.',
  201: 'Dołączono zbyt wiele plików.',
  202: 'Łączny rozmiar załączników jest zbyt duży.',
  203: 'Nieobsługiwany typ pliku. Możesz dołączyć obrazy, pliki PDF, pliki tekstowe i archiwa ZIP.',
  381: 'Nieprawidłowy adres e-mail.',
};
const form = document.getElementById('kontakt-form');
const status = document.getElementById('kontakt-status');

/** @param {string} text @param {boolean} ok */
function show(text, ok) {
  if (!status) return;
  status.textContent = text;
  status.className = `status ${ok ? 'ok' : 'error'}`;
}

if (form instanceof HTMLFormElement) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const files = data.getAll('files').filter((f) => f instanceof File && f.size > 0);
    if (!files.length) data.delete('files');
    data.append('userData', 'source=kontakt');
    const button = form.querySelector('button[type="submit"]');
    if (button) button.setAttribute('disabled', '');
    show('Wysyłanie…', true);
    try {
      const body = files.length ? data : new URLSearchParams(/** @type {any} */ ([...data].filter(([, v]) => typeof v === 'string')));
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 3000);
      const res = await fetch(form.action, { method: 'POST', body, signal: controller.signal });
      clearTimeout(timer);
      const answer = await res.json().catch(() => ({}));
      if (res.ok && answer.interactionId) {
        form.reset();
        show(`Dziękujemy! Wiadomość została wysłana (numer zgłoszenia: ${answer.interactionId}).`, true);
      } else if (Array.isArray(answer.errors) && answer.errors.length) {
        show(
          answer.errors
            .map((/** @type {{code: number, message: string}} */ e) => MESSAGES[/** @type {keyof typeof MESSAGES} */ (e.code)] || e.message)
            .join(' '),
          false,
        );
      } else {
        show('Coś poszło nie tak. Przepraszamy za utrudnienia — spróbuj ponownie za chwilę.', false);
      }
    } catch {
      show('Nie udało się połączyć z serwerem. Spróbuj ponownie.', false);
    } finally {
      if (button) button.removeAttribute('disabled');
    }
  });
}
