// @ts-check
/** Send-message service: form-encoded or multipart, attachment limits, validation codes. */
import { HttpError, json, readBody, field, randomId, isEmail } from './http.js';
import { PATHS, SEND_MESSAGE_ERRORS as M } from './contracts.js';
import { idempotent } from './idempotency.js';

/** @typedef {import('./index.js').Sim} Sim */

export const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'pdf', 'txt', 'zip'];
const ALLOWED_MIME = /^(image\/(jpeg|png|gif|bmp|webp)|application\/pdf|text\/plain|application\/(zip|x-zip-compressed)|application\/octet-stream|)$/;

/**
 * @param {File} f
 */
function allowedType(f) {
  const name = String(f.name || '');
  const ext = name.includes('.') ? name.split('.').pop()?.toLowerCase() || '' : '';
  const mime = String(f.type || '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return ALLOWED_EXTENSIONS.includes(ext) && ALLOWED_MIME.test(mime);
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleSendMessage(sim, request, url) {
  const p = url.pathname;
  if (p !== PATHS.sendMessage && p !== PATHS.sendMessage + '/' && p !== PATHS.sendMessage + '/limits') return undefined;
  const limits = sim.state.sendMessageLimits;
  if (p.endsWith('/limits')) {
    if (request.method !== 'GET') throw new HttpError(405, 'Method not allowed');
    return sim.guard('sendmessage.limits', request, async () =>
      json({ maxFiles: limits.maxFiles, maxTotalSize: limits.maxTotalSize, allowedExtensions: ALLOWED_EXTENSIONS }),
    );
  }
  if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
  return idempotent(sim, request, url, () =>
    sim.guard('sendmessage', request, async () => {
      let body;
      try {
        body = await readBody(request, { allowJson: false });
      } catch (e) {
        if (e instanceof HttpError) {
          throw new HttpError(e.status, e.message, { errors: [], error: e.message, reason: e.message });
        }
        throw e;
      }
      /** @type {{code: number, message: string}[]} */
      const errors = [];
      /** @param {number} code @param {string} [suffix] */
      const add = (code, suffix = '') => errors.push({ code, message: M[/** @type {keyof typeof M} */ (code)] + suffix });
      const firstName = field(body, 'firstName');
      const lastName = field(body, 'lastName');
      const fromAddress = field(body, 'fromAddress');
      const subject = field(body, 'subject');
      const text = field(body, 'text');
      const toAddress = field(body, 'toAddress');
      if (!firstName) add(102);
      if (!lastName) add(103);
      if (!subject) add(104);
      if (!fromAddress) add(181);
      else if (!isEmail(fromAddress)) add(381);
      if (toAddress && !isEmail(toAddress)) add(383);
      if (!text) add(182);
      const files = body.files.filter((f) => f.size > 0 || f.name);
      if (files.length > limits.maxFiles) add(201, String(limits.maxFiles));
      const total = files.reduce((s, f) => s + f.size, 0);
      if (total > limits.maxTotalSize) add(202, String(limits.maxTotalSize));
      if (files.some((f) => !allowedType(f))) add(203);
      if (errors.length) {
        return json({ errors, error: errors[0].message, reason: errors.map((e) => e.message).join('\n') }, 400);
      }
      /** @type {Record<string, string>} */
      const userData = {};
      for (const entry of body.fields.get('userData') || []) {
        const i = entry.indexOf('=');
        if (i > 0) userData[entry.slice(0, i).slice(0, 100)] = entry.slice(i + 1).slice(0, 1000);
      }
      const interactionId = randomId();
      sim.state.messages.push({
        interactionId,
        receivedAt: sim.serverNow(),
        firstName: firstName.slice(0, 100),
        lastName: lastName.slice(0, 100),
        fromAddress: fromAddress.slice(0, 254),
        subject: subject.slice(0, 100),
        textLength: text.length,
        files: files.map((f) => ({ name: String(f.name).slice(0, 200), size: f.size, type: f.type })),
        userData,
        contactCenterId: request.headers.get('ContactCenterId') || null,
      });
      while (sim.state.messages.length > sim.options.maxMessages) sim.state.messages.shift();
      return json({ interactionId });
    }),
  );
}
