// Configuration of the Polish contact page (/kontakt): the send-message form embedded in the page.
window.liveAssistConfig = {
  main: { deploymentID: 'ppk', lang: 'pl', theme: 'light', timeFormat: 24, mobileMode: 'auto' },
  sendmessage: {
    apiURL: '/api/sendmessage',
    dataURL: '/api/sendmessage',
    timeout: 3000,
    uploadsEnabled: true,
    validation: true,
    // Labels of this deployment's contact page: imię, nazwisko, e-mail, temat — all required.
    formFields: [
      { name: 'firstName', label: 'Imię', required: true, maxlength: 100 },
      { name: 'lastName', label: 'Nazwisko', required: true, maxlength: 100 },
      { name: 'email', label: 'E-mail', required: true, maxlength: 100 },
      { name: 'subject', label: 'Temat', required: true, maxlength: 100 },
    ],
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'obsługa Twojego pytania kontaktowego',
      pdf: '/ochrona-danych.pdf',
    },
  },
};
