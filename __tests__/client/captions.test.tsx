/**
 * Captions in the SPA (docs/captions.md): the edit page's captions section (add, replace,
 * preview, remove; server messages; en and zh), the transcript panel (cues with times, the
 * current one marked, click to seek, search, copy) and the choice of the track the player shows.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo } from '../../src/api/types';
import { chooseCaptionTrack, createPlaybackClock } from '../../src/features/captions';
import { currentCueIndex, TranscriptPanel } from '../../src/features/captions/TranscriptPanel';
import { EditVideoPage } from '../../src/features/videos/EditVideoPage';
import { VideoPage } from '../../src/features/videos/VideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { loggedInAs, makeSelfieVideo, owner, serveVideoPage, visitor } from './videos-fixtures';

// jsdom has no VTTCue (browsers do; media-captions builds its cues on it).
class TestVTTCue extends EventTarget {
  id = '';
  pauseOnExit = false;
  constructor(
    public startTime: number,
    public endTime: number,
    public text: string,
  ) {
    super();
  }
}
Object.assign(window, { VTTCue: (window as { VTTCue?: unknown }).VTTCue ?? TestVTTCue });

const VTT = [
  'WEBVTT',
  '',
  '00:00:00.500 --> 00:00:02.000',
  '<v Ann>Hello <b>there</b></v>',
  '',
  '00:00:02.000 --> 00:00:04.000',
  'The kettle is boiling',
  '',
  '00:01:05.000 --> 00:01:07.000',
  'Time for <i>tea</i> & cake <script>alert(1)</script>',
  '',
].join('\n');

const EN_TRACK = { lang: 'en', label: 'English', url: '/media/renditions/v1/aaaa0000/subs-1.vtt', source: 'upload' as const };
const ZH_TRACK = { lang: 'zh-Hans', label: '中文', url: '/media/renditions/v1/aaaa0000/subs-2.vtt', source: 'auto' as const };

function serveVtt(url: string, body = VTT) {
  server.use(http.get(`*${url}`, () => new HttpResponse(body, { headers: { 'content-type': 'text/vtt; charset=utf-8' } })));
}

describe('chooseCaptionTrack', () => {
  const tracks = [EN_TRACK, ZH_TRACK];
  it('the remembered choice, else the interface language, else off', () => {
    expect(chooseCaptionTrack(tracks, null, 'en')).toBe('en');
    expect(chooseCaptionTrack(tracks, null, 'zh')).toBe('zh-Hans');
    expect(chooseCaptionTrack(tracks, 'zh-Hans', 'en')).toBe('zh-Hans');
    expect(chooseCaptionTrack(tracks, 'off', 'en')).toBeNull();
    expect(chooseCaptionTrack([ZH_TRACK], null, 'en')).toBeNull();
    expect(chooseCaptionTrack([ZH_TRACK], 'fr', 'zh-CN')).toBe('zh-Hans');
    expect(chooseCaptionTrack([], 'en', 'en')).toBeNull();
  });
});

describe('captions section on the edit page', () => {
  /** `serve`: answer the video as it is (tests that change it answer it themselves). */
  function renderEdit(video: SelfieVideo, locale: 'en' | 'zh' = 'en', serve = true) {
    if (serve) serveVideoPage(video);
    return renderWithProviders(
      <Routes>
        <Route path="/selfieVideos/edit/:id" element={<EditVideoPage />} />
      </Routes>,
      { route: `/selfieVideos/edit/${video._id}`, preloadedState: loggedInAs(owner), locale },
    );
  }

  it('empty, then a track added: the file and label go as multipart to PUT …/captions/{lang}', async () => {
    const user = userEvent.setup();
    let current = makeSelfieVideo(1);
    const sent: Array<{ url: string; label: FormDataEntryValue | null; file: string }> = [];
    server.use(
      http.get('*/v0/api/videos/selfieVideos/v1', () => HttpResponse.json({ success: true, video: current })),
      http.put('*/v0/api/videos/selfieVideos/v1/captions/:lang', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('captionFile');
        sent.push({ url: new URL(request.url).pathname, label: form.get('label'), file: typeof file === 'string' ? file : await (file as Blob).text() });
        current = { ...current, captions: [{ ...ZH_TRACK, source: 'upload' }] };
        return HttpResponse.json({ success: true, message: 'Captions saved.', video: current });
      }),
    );
    renderEdit(current, 'en', false);
    const section = await screen.findByRole('region', { name: 'Captions' });
    expect(within(section).getByText('This video has no captions yet.')).toBeInTheDocument();

    await user.selectOptions(within(section).getByLabelText('Language'), 'zh-Hans');
    await user.type(within(section).getByLabelText('Label (optional)'), '中文');
    await user.upload(within(section).getByLabelText('Caption file (.srt or .vtt)'), new File(['1\n00:00:01,000 --> 00:00:02,000\n你好\n'], 'zh.srt'));
    await user.click(within(section).getByRole('button', { name: 'Upload captions' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Captions saved.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/v0/api/videos/selfieVideos/v1/captions/zh-Hans');
    expect(sent[0]?.label).toBe('中文');
    // (jsdom's File reaches MSW's FormData only by name: the server tests read real files.)
    expect(sent[0]?.file).toBeTruthy();
    const list = await within(section).findByRole('list', { name: 'Caption tracks' });
    expect(within(list).getByText('中文')).toBeInTheDocument();
  });

  it('shows the server’s refusal; asks for a file first', async () => {
    const user = userEvent.setup();
    server.use(
      http.put('*/v0/api/videos/selfieVideos/v1/captions/:lang', () =>
        HttpResponse.json({ success: false, message: '字幕文件中有无效的时间戳（第 2 行）。' }, { status: 400 }),
      ),
    );
    renderEdit(makeSelfieVideo(1), 'zh');
    const section = await screen.findByRole('region', { name: '字幕' });
    await user.click(within(section).getByRole('button', { name: '上传字幕' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('请选择字幕文件。');
    await user.upload(within(section).getByLabelText('字幕文件（.srt 或 .vtt）'), new File(['bad'], 'bad.srt'));
    await user.click(within(section).getByRole('button', { name: '上传字幕' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('字幕文件中有无效的时间戳（第 2 行）。');
  });

  it('preview shows the cues as text; replace keeps the language; remove asks, then DELETEs', async () => {
    const user = userEvent.setup();
    let current = makeSelfieVideo(1, { captions: [EN_TRACK] });
    serveVtt(EN_TRACK.url);
    const requests: string[] = [];
    server.use(
      http.get('*/v0/api/videos/selfieVideos/v1', () => HttpResponse.json({ success: true, video: current })),
      http.put('*/v0/api/videos/selfieVideos/v1/captions/:lang', ({ request }) => {
        requests.push(`PUT ${new URL(request.url).pathname}`);
        return HttpResponse.json({ success: true, message: 'Captions saved.', video: current });
      }),
      http.delete('*/v0/api/videos/selfieVideos/v1/captions/:lang', ({ request }) => {
        requests.push(`DELETE ${new URL(request.url).pathname}`);
        current = { ...current, captions: [] };
        return HttpResponse.json({ success: true, message: 'Captions removed.', video: current });
      }),
    );
    renderEdit(current, 'en', false);
    const section = await screen.findByRole('region', { name: 'Captions' });
    await user.click(within(section).getByRole('button', { name: 'Preview' }));
    const preview = await within(section).findByRole('list', { name: 'Preview of English' });
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['0:00 Hello there', '0:02 The kettle is boiling', '1:05 Time for tea & cake alert(1)']);
    expect(preview.querySelector('script, b, i')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Replace English' }));
    expect(within(section).getAllByLabelText('Language')).toHaveLength(1);
    const replaceFile = within(section).getAllByLabelText('Caption file (.srt or .vtt)')[0] as HTMLInputElement;
    await user.upload(replaceFile, new File([VTT], 'en.vtt'));
    await user.click(within(section).getAllByRole('button', { name: 'Upload captions' })[0] as HTMLElement);
    await waitFor(() => expect(requests).toEqual(['PUT /v0/api/videos/selfieVideos/v1/captions/en']));

    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(section).getByRole('button', { name: 'Remove English' }));
    expect(confirm).toHaveBeenCalledWith('Remove the English captions?');
    await waitFor(() => expect(requests).toContain('DELETE /v0/api/videos/selfieVideos/v1/captions/en'));
    expect(await within(section).findByText('This video has no captions yet.')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('says captions come once processing is done', async () => {
    // The edit page follows the processing while it runs.
    server.use(
      http.get('*/v0/api/videos/selfieVideos/v1/processing', () =>
        HttpResponse.json({ success: true, status: 'processing', processingProgress: 40, processingError: null, hlsUrl: null }),
      ),
    );
    renderEdit(makeSelfieVideo(1, { status: 'processing', processingProgress: 40 }));
    const section = await screen.findByRole('region', { name: 'Captions' });
    expect(within(section).getByText('Captions can be added once the video has finished processing.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Upload captions' })).not.toBeInTheDocument();
  });
});

describe('transcript panel', () => {
  it('finds the cue playing (overlaps: the latest started)', () => {
    const cues = [
      { start: 0, end: 3, text: 'a' },
      { start: 2, end: 4, text: 'b' },
      { start: 10, end: 12, text: 'c' },
    ];
    expect(currentCueIndex(cues, 1)).toBe(0);
    expect(currentCueIndex(cues, 2.5)).toBe(1);
    expect(currentCueIndex(cues, 5)).toBe(-1);
    expect(currentCueIndex(cues, 11)).toBe(2);
  });

  it('lists the cues with times, marks the current one, seeks on click, searches and copies', async () => {
    const user = userEvent.setup();
    serveVtt(EN_TRACK.url);
    const clock = createPlaybackClock();
    const seek = jest.fn();
    clock.setSeek(seek);
    renderWithProviders(<TranscriptPanel id="t" captions={[EN_TRACK]} clock={clock} />, { route: '/' });

    const list = await screen.findByRole('list', { name: 'Transcript lines' });
    const lines = within(list).getAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Play from 0:00 Hello there',
      'Play from 0:02 The kettle is boiling',
      'Play from 1:05 Time for tea & cake alert(1)',
    ]);
    expect(list.querySelector('script, b, i, v')).toBeNull();
    expect(list.querySelector('[aria-current]')).toBeNull();

    act(() => clock.setTime(2.5));
    expect(within(list).getByRole('button', { name: 'Play from 0:02 The kettle is boiling' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(list).getByRole('button', { name: /Play from 1:05/ }));
    expect(seek).toHaveBeenCalledWith(65);
    // By keyboard too.
    within(list).getByRole('button', { name: /Play from 0:00/ }).focus();
    await user.keyboard('{Enter}');
    expect(seek).toHaveBeenLastCalledWith(0.5);

    await user.type(screen.getByRole('searchbox', { name: 'Search the transcript' }), 'kettle');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByText('1 line matches')).toBeInTheDocument();

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy transcript' }));
    expect(writeText).toHaveBeenCalledWith('0:00 Hello there\n0:02 The kettle is boiling\n1:05 Time for tea & cake alert(1)');
    expect(await screen.findByText('Transcript copied.')).toBeInTheDocument();
  });

  it('follows the track the player shows; offers the others; error with retry', async () => {
    serveVtt(EN_TRACK.url);
    serveVtt(ZH_TRACK.url, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n大家好\n');
    const clock = createPlaybackClock();
    renderWithProviders(<TranscriptPanel id="t" captions={[EN_TRACK, ZH_TRACK]} clock={clock} />, { route: '/', locale: 'zh' });
    // The interface language's track first.
    expect(await screen.findByRole('button', { name: '播放 0:01 大家好' })).toBeInTheDocument();
    act(() => clock.setLang('en'));
    expect(await screen.findByRole('button', { name: /The kettle is boiling/ })).toBeInTheDocument();
    expect(screen.getByLabelText('文字稿语言')).toHaveValue('en');

    server.use(http.get(`*${EN_TRACK.url}`, () => new HttpResponse('nope', { status: 500 })));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /The kettle/ }));
    act(() => clock.setLang(null));
    await user.selectOptions(screen.getByLabelText('文字稿语言'), 'zh-Hans');
    expect(await screen.findByRole('button', { name: '播放 0:01 大家好' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the file cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(http.get(`*${EN_TRACK.url}`, () => (fail ? new HttpResponse('nope', { status: 500 }) : new HttpResponse(VTT))));
    renderWithProviders(<TranscriptPanel id="t" captions={[EN_TRACK]} clock={createPlaybackClock()} />, { route: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The transcript could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Transcript lines' })).toBeInTheDocument();
  });
});

describe('video page', () => {
  it('gives the player a subtitles track per caption and opens the transcript on demand', async () => {
    const user = userEvent.setup();
    const video = makeSelfieVideo(1, { captions: [EN_TRACK, ZH_TRACK] });
    serveVideoPage(video);
    serveVtt(EN_TRACK.url);
    serveVtt(ZH_TRACK.url, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n大家好\n');
    const { container } = renderWithProviders(
      <Routes>
        <Route path="/selfieVideos/:id" element={<VideoPage />} />
      </Routes>,
      { route: '/selfieVideos/v1', preloadedState: visitor },
    );
    const show = await screen.findByRole('button', { name: 'Show transcript' });
    const tracks = [...container.querySelectorAll('video track[kind="subtitles"]')].map((track) => [
      track.getAttribute('srclang'),
      track.getAttribute('label'),
      track.getAttribute('src'),
    ]);
    expect(tracks).toEqual([
      ['en', 'English', EN_TRACK.url],
      ['zh-Hans', '中文', ZH_TRACK.url],
    ]);
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Hide transcript' })).toHaveAttribute('aria-expanded', 'true');
    const region = await screen.findByRole('region', { name: 'Transcript' });
    // The interface language's track (en).
    expect(await within(region).findByRole('button', { name: 'Play from 0:02 The kettle is boiling' })).toBeInTheDocument();
  });

  it('no captions: no transcript button', async () => {
    serveVideoPage(makeSelfieVideo(1));
    const { container } = renderWithProviders(
      <Routes>
        <Route path="/selfieVideos/:id" element={<VideoPage />} />
      </Routes>,
      { route: '/selfieVideos/v1', preloadedState: visitor },
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Show transcript' })).not.toBeInTheDocument();
    expect(container.querySelector('track[kind="subtitles"]')).toBeNull();
  });
});
