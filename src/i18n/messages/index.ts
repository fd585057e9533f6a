import type { Locale } from '../languageSlice';

import { en } from './en';
import { zh } from './zh';

export type { MessageKey } from './en';

export const messages: Record<Locale, Record<keyof typeof en, string>> = { en, zh };
