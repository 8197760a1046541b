// Configuration of the Polish contact page (/kontakt): the send-message form embedded in the page.
window.liveAssistConfig = {
  main: { deploymentID: 'ppk', lang: 'pl', theme: 'light', timeFormat: 24, mobileMode: 'auto' },
  sendmessage: {
    dataURL: '/api/sendmessage',
    // The server's attachment limits (3 files, 5 MiB together) are read when the form opens.
    limitsURL: '/api/sendmessage/limits',
    timeout: 3000,
    uploadsEnabled: true,
    // Validation is on by default: imię, nazwisko, e-mail, temat and the message are required
    // (the Polish labels come from locales/pl.json).
    validation: true,
    userData: { source: 'kontakt' },
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'obsługa Twojego pytania kontaktowego',
      pdf: '/ochrona-danych.pdf',
    },
  },
};
