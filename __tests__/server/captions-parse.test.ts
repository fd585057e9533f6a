/**
 * Caption parsing (domains/captions/parse.ts, docs/captions.md): real-world files in, safe WebVTT
 * out, and every bad input refused with its reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import iconv from 'iconv-lite';

import { CAPTION_MAX_BYTES, CaptionRejection, canonicalLanguage, hlsVtt, parseCaptionFile } from '../../server/domains/captions/parse';
import { masterWithSubtitles, subtitlePlaylist } from '../../server/domains/captions/tracks';

const fixture = (name: string) => readFileSync(path.join(__dirname, '..', 'fixtures', 'captions', name));

async function refusal(bytes: Buffer, duration = 60): Promise<string> {
  try {
    await parseCaptionFile(bytes, { duration });
  } catch (error) {
    if (error instanceof CaptionRejection) return error.problem;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseCaptionFile', () => {
  it('SubRip with a BOM and CRLF: WebVTT out, SubRip tags kept only where WebVTT has them', async () => {
    const parsed = await parseCaptionFile(fixture('bom-crlf.srt'), { duration: 5 });
    expect(parsed.format).toBe('srt');
    expect(parsed.encoding).toBe('utf-8');
    expect(parsed.vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.500 --> 00:00:02.000',
        '<i>Hello</i> there, friends',
        '',
        '00:00:01.500 --> 00:00:03.800',
        'The kettle is <b>boiling</b>',
        'already',
        '',
      ].join('\n'),
    );
    expect(parsed.cues).toEqual([
      { start: 0.5, end: 2, text: 'Hello there, friends' },
      { start: 1.5, end: 3.8, text: 'The kettle is boiling already' },
    ]);
    expect(parsed.vtt).not.toContain('\r');
    expect(parsed.vtt).not.toContain('\ufeff');
  });

  it('GBK-encoded Chinese SubRip is detected and converted', async () => {
    const parsed = await parseCaptionFile(fixture('gbk.srt'), { duration: 4 });
    expect(parsed.encoding).toBe('gb18030');
    expect(parsed.cues.map((cue) => cue.text)).toEqual(['大家好，欢迎来到我的厨房', '今天我们做番茄炒蛋']);
    expect(parsed.vtt).toContain('00:00:02.000 --> 00:00:03.500\n今天我们做番茄炒蛋');
  });

  it('WebVTT keeps cue ids, settings, overlapping cues and its own tags', async () => {
    const parsed = await parseCaptionFile(fixture('settings-tags.vtt'), { duration: 3 });
    expect(parsed.format).toBe('vtt');
    expect(parsed.vtt).toContain('intro\n00:00:00.000 --> 00:00:02.000 line:0 position:10% size:50% align:start\n<v Ann>Hi <c.yellow>there</c></v>');
    expect(parsed.vtt).toContain('00:00:01.000 --> 00:00:03.000 vertical:rl\n<ruby>漢<rt>kan</rt></ruby> <u>under</u> <lang en-GB>colour</lang>');
    expect(parsed.vtt).not.toContain('NOTE');
    expect(parsed.cues).toHaveLength(2);
    // What we write parses again to the same cues.
    const again = await parseCaptionFile(Buffer.from(parsed.vtt), { duration: 3 });
    expect(again.vtt).toBe(parsed.vtt);
  });

  it('escapes what would be markup in text', async () => {
    const parsed = await parseCaptionFile(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nTom & Jerry 1 &lt; 2\n'), { duration: 5 });
    expect(parsed.vtt).toContain('Tom &amp; Jerry 1 &lt; 2');
    expect(parsed.cues[0]?.text).toBe('Tom & Jerry 1 < 2');
  });

  it('refuses markup written as entities, in SubRip and WebVTT (the rule reads the decoded text)', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n&lt;script&gt;alert(1)&lt;/script&gt;\n';
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi &lt;script&gt;alert(1)&lt;/script&gt;\n';
    expect(await refusal(Buffer.from(srt))).toBe('captions.html');
    expect(await refusal(Buffer.from(vtt))).toBe('captions.html');
    expect(await refusal(Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i>&lt;img src=x onerror=alert(1)&gt;</i>\n'))).toBe('captions.html');
    expect(await refusal(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;\n'))).toBe('captions.html');
    // Entities that make no markup are still text.
    expect((await parseCaptionFile(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nI &lt;3 you &amp; 2 &gt; 1\n'), { duration: 5 })).cues[0]?.text).toBe('I <3 you & 2 > 1');
  });

  it('refuses bad input, each with its reason', async () => {
    expect(await refusal(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x89, 0x50, 0x4e, 0x47]))).toBe('captions.notSubtitles');
    expect(await refusal(Buffer.from('just some text\nwith lines'))).toBe('captions.notSubtitles');
    expect(await refusal(Buffer.from('WEBVTT\n\nno cues here --> really\n'))).toBe('captions.badTimestamp');
    expect(await refusal(Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i> </i>\n'))).toBe('captions.noCues');
    expect(await refusal(Buffer.from('1\n99:99:99,999 --> 99:99:99,999\nbad\n'))).toBe('captions.badTimestamp');
    expect(await refusal(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script>\n'))).toBe('captions.html');
    expect(await refusal(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n<b onclick="x()">hi</b>\n'))).toBe('captions.html');
    expect(await refusal(Buffer.from('1\n00:00:01,000 --> 00:01:30,000\nlate\n'), 60)).toBe('captions.pastEnd');
    expect(await refusal(Buffer.alloc(CAPTION_MAX_BYTES + 1, 'a'))).toBe('captions.tooLarge');
    const tiny = ['WEBVTT', ''];
    for (let i = 0; i < 30_000; i += 1) tiny.push(`00:00.${String(i % 1000).padStart(3, '0')} --> 00:00.999`, 'a', '');
    expect(await refusal(Buffer.from(tiny.join('\n')))).toBe('captions.tooManyCues');
    expect(await refusal(Buffer.from(`1\n00:00:01,000 --> 00:00:02,000\n${'x'.repeat(5000)}\n`))).toBe('captions.cueTooLong');
    // A cue that ends 10 s after the end is still fine.
    await expect(parseCaptionFile(Buffer.from('1\n00:00:01,000 --> 00:00:09,000\nok\n'), { duration: 1 })).resolves.toBeDefined();
  });

  it('Big5 and UTF-16 too', async () => {
    const big5 = await parseCaptionFile(iconv.encode('1\r\n00:00:01,000 --> 00:00:02,000\r\n歡迎來到我的廚房，今天我們做蕃茄炒蛋\r\n', 'big5'), { duration: 5 });
    expect(big5.cues[0]?.text).toBe('歡迎來到我的廚房，今天我們做蕃茄炒蛋');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('1\n00:00:01,000 --> 00:00:02,000\nhello\n', 'utf-16le')]);
    expect((await parseCaptionFile(utf16, { duration: 5 })).cues[0]?.text).toBe('hello');
  });
});

describe('language tags', () => {
  it('canonical BCP 47 or nothing', () => {
    expect(canonicalLanguage('en')).toBe('en');
    expect(canonicalLanguage('zh-hans')).toBe('zh-Hans');
    expect(canonicalLanguage('ZH-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLanguage('english!')).toBeUndefined();
    expect(canonicalLanguage('')).toBeUndefined();
    expect(canonicalLanguage('x'.repeat(40))).toBeUndefined();
  });
});

describe('HLS subtitle renditions', () => {
  const base = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=160x90', 'v240.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=2000,RESOLUTION=320x180', 'v360.m3u8', ''].join('\n');
  it('the master lists every track and each variant names the group', () => {
    const master = masterWithSubtitles(base, [
      { lang: 'en', label: 'English', source: 'upload', vtt: 'subs-1.vtt', playlist: 'subs-1.m3u8', cues: 2 },
      { lang: 'zh-Hans', label: '中文 "简体"', source: 'auto', vtt: 'subs-2.vtt', playlist: 'subs-2.m3u8', cues: 2 },
    ]);
    expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs-1.m3u8"');
    expect(master).toContain('NAME="中文 \'简体\'",LANGUAGE="zh-Hans"');
    expect(master.match(/SUBTITLES="subs"/g)).toHaveLength(2);
    expect(master.indexOf('#EXT-X-MEDIA')).toBeLessThan(master.indexOf('#EXT-X-STREAM-INF'));
    expect(masterWithSubtitles(base, [])).toBe(base);
  });

  it('one-segment media playlist and the timestamp map', () => {
    expect(subtitlePlaylist('subs-1.vtt', 9.5)).toContain('#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:9.500,\nsubs-1.vtt\n#EXT-X-ENDLIST');
    expect(hlsVtt('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nhi\n', 126000)).toBe('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:00.000 --> 00:00:01.000\nhi\n');
  });
});
