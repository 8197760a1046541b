/**
 * The callback and calendar sections the element tests share, against the simulator behind msw (its v3
 * callback service, the callback queue's wait, the 5-day calendar of the Polish deployment). A test adds
 * or overrides what it is about: `callback: { ...CALLBACK_V3, ewt: CALLBACK_EWT }`.
 */
export const CALLBACK_V3 = {
  apiVersion: 'v3',
  dataURL: '/api/callback/v3',
  serviceName: 'ppk-callback',
  apikey: 'demo-key',
  countries: [{ iso2: 'pl', dialCode: '48' }],
};

/** The wait shown from 60 s, ASAP offered up to 300 s, refreshed every 10 s. */
export const CALLBACK_EWT = { display: true, queue: 'PPK_Callback', threshold: 60, refreshInterval: 10, immediateCallbackMin: 0, immediateCallbackMax: 300 };

/** Five days, 09:00–17:00 every 15 minutes, 24-hour times. */
export const CALENDAR_5_DAYS = {
  numberOfDays: 5,
  timeFormat: 24,
  convertToUTC: true,
  calenderHours: { interval: 15, allDay: { openTime: '09:00', closeTime: '17:00', enable: true } },
};
