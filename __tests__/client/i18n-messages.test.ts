import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

import { en } from '../../src/i18n/messages/en';
import { zh } from '../../src/i18n/messages/zh';

/** Keys whose zh text may equal the en text (brand names and the like). Keep it short. */
const SAME_IN_BOTH_LANGUAGES = new Set<string>(['app.siteName']);

const enMessages: Record<string, string> = en;
const zhMessages: Record<string, string> = zh;

/** The names of all arguments ({name}, {count, plural, …}, <tag>…</tag>) a message uses, nested ones too. */
function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        names.add(element.value);
        break;
      case TYPE.select:
      case TYPE.plural:
        names.add(element.value);
        for (const option of Object.values(element.options)) argumentNames(option.value, names);
        break;
      case TYPE.tag:
        names.add(`<${element.value}>`);
        argumentNames(element.children, names);
        break;
      default:
        break;
    }
  }
  return names;
}

function sorted(names: Set<string>): string[] {
  return [...names].sort();
}

describe('message catalogues', () => {
  it('have the same keys in en and zh', () => {
    const enKeys = Object.keys(enMessages).sort();
    const zhKeys = Object.keys(zhMessages).sort();
    expect(enKeys.filter((key) => !(key in zhMessages))).toEqual([]);
    expect(zhKeys.filter((key) => !(key in enMessages))).toEqual([]);
    expect(enKeys.length).toBeGreaterThan(0);
  });

  it('have no empty texts', () => {
    const empty = [
      ...Object.entries(enMessages).filter(([, text]) => !text.trim()).map(([key]) => `en:${key}`),
      ...Object.entries(zhMessages).filter(([, text]) => !text.trim()).map(([key]) => `zh:${key}`),
    ];
    expect(empty).toEqual([]);
  });

  it('translate every text that has words in it', () => {
    const untranslated = Object.keys(enMessages).filter((key) => {
      if (SAME_IN_BOTH_LANGUAGES.has(key)) return false;
      const hasWords = /[A-Za-z]/.test(enMessages[key]!.replace(/\{[^}]*\}/g, ''));
      return hasWords && zhMessages[key] === enMessages[key];
    });
    expect(untranslated).toEqual([]);
  });

  it('parse as ICU messages with the same arguments in both languages', () => {
    const mismatches: string[] = [];
    for (const key of Object.keys(enMessages)) {
      const enArgs = sorted(argumentNames(parse(enMessages[key]!)));
      const zhArgs = sorted(argumentNames(parse(zhMessages[key] ?? '')));
      if (enArgs.join() !== zhArgs.join()) mismatches.push(`${key}: en {${enArgs}} zh {${zhArgs}}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps the allowlist honest: every allowlisted key exists', () => {
    expect([...SAME_IN_BOTH_LANGUAGES].filter((key) => !(key in enMessages))).toEqual([]);
  });
});

describe('argumentNames (the checker itself)', () => {
  it('finds plain, formatted, plural and tag arguments', () => {
    const names = argumentNames(parse('{name} has {count, plural, one {# view by {who}} other {# views}} <b>now</b>'));
    expect(sorted(names)).toEqual(['<b>', 'count', 'name', 'who']);
  });

  it('tells a renamed placeholder apart', () => {
    expect(sorted(argumentNames(parse('{views} views')))).not.toEqual(sorted(argumentNames(parse('{view} 次观看'))));
  });
});
