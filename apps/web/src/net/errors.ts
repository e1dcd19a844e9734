/**
 * Server refusals for people. An ack carries a `code` (packages/protocol ERROR_CODES, or the engine's rejection
 * code) and an English `message`. English shows the server's own message (the most precise); another language
 * shows the text for the code from i18n/<lang>/errors.json, or the server's message for a code it does not know.
 */
import i18next from 'i18next';
import { language, t } from '../i18n';

const tx = t as unknown as (key: string) => string;

export function errorText(ack: { code: string; message: string }): string {
  if (language() === 'en' || !i18next.exists(`errors.code.${ack.code}`)) return ack.message;
  return tx(`errors.code.${ack.code}`);
}
