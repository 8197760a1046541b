// /en/headless: WebChatService alone. The page draws the chat itself (demo/assets/headless.js), so the
// chat window and its button stay away: `headless: true` (docs/chat-service.md "A chat UI of your own").
window.liveAssistConfig = {
  main: { deploymentID: 'ppk-en-headless', lang: 'en', theme: 'dark', timeFormat: 24 },
  webchat: {
    headless: true,
    // GMS (legacy REST) as Widgets sites write it: the data URL alone, at the top of the section.
    dataURL: '/api/chat/customer-chat',
  },
};
