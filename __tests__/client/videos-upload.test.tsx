import { File as NodeFile } from 'node:buffer';

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useNavigationType } from 'react-router-dom';

import { sessionChecked } from '../../src/features/auth';
import { UploadPage } from '../../src/features/videos/UploadPage';
import { setXhrFactory, UPLOAD_URL } from '../../src/features/videos/uploadRequest';
import { server } from '../support/msw-server';
import { renderWithProviders, type RenderWithProvidersOptions } from '../support/render';

import { currentLocation, FakeXhr, LocationProbe, loggedInAs, makeSelfieVideo, owner } from './videos-fixtures';

const createObjectURL = jest.fn((file: Blob) => `blob:preview/${(file as File).name}`);
const revokeObjectURL = jest.fn();

beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: createObjectURL });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revokeObjectURL });
});

/** These tests cover the multipart form, which the page uses when the server offers no resumable (tus) endpoint. */
const noTusEndpoint = () => http.options('*/v0/api/uploads', () => new HttpResponse(null, { status: 404 }));

beforeEach(() => {
  server.use(noTusEndpoint());
  FakeXhr.instances = [];
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  setXhrFactory(() => new FakeXhr() as unknown as XMLHttpRequest);
});

afterEach(() => {
  setXhrFactory();
  jest.restoreAllMocks();
});

function NavigationType() {
  return <div data-testid="navigation-type">{useNavigationType()}</div>;
}

function renderUpload(
  preloadedState: RenderWithProvidersOptions['preloadedState'] = loggedInAs(owner),
  locale: 'en' | 'zh' = 'en',
) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/upload-movie" element={<UploadPage />} />
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="/selfieVideos/:id" element={<h1>Video page</h1>} />
      </Routes>
      <LocationProbe />
      <NavigationType />
    </>,
    { route: '/upload-movie', preloadedState, locale },
  );
}

/*
 * Files as the fetch globals know them: jest-fixed-jsdom's FormData (Node's) accepts only Node's
 * Blob, and jsdom's File is not one. In the browser the two are the same class.
 */
const makeFile = (bits: string[], name: string, type: string) => new NodeFile(bits, name, { type }) as unknown as File;

const videoFile = (name = 'clip.mp4', size?: number) => {
  const file = makeFile(['video-bytes'], name, 'video/mp4');
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const imageFile = (name = 'thumb.png', size?: number) => {
  const file = makeFile(['image-bytes'], name, 'image/png');
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const submitButton = () => screen.getByRole('button', { name: 'Upload' });

async function fillForm(user: ReturnType<typeof renderUpload>['user'], { title = 'My first selfie' } = {}) {
  await user.type(screen.getByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Description'), 'Line one\nLine two');
  await user.upload(screen.getByLabelText('Video file'), videoFile());
  await user.upload(screen.getByLabelText('Thumbnail image'), imageFile());
}

describe('Upload page', () => {
  it('shows the guidelines and the form: title, description, visibility (Public by default), video and thumbnail pickers with their limits', () => {
    renderUpload();

    expect(screen.getByRole('heading', { level: 1, name: 'Upload a Self-Shot Video' })).toBeInTheDocument();
    const guidelines = screen.getByRole('region', { name: 'Before you upload' });
    expect(within(guidelines).getByText(/videos you filmed yourself/)).toBeInTheDocument();
    expect(within(guidelines).getByText(/max 1GB.*max 2MB/)).toBeInTheDocument();

    expect(screen.getByLabelText('Title')).toBeRequired();
    expect(screen.getByLabelText('Description')).toBeInTheDocument();
    const visibility = screen.getByLabelText('Visibility');
    expect(visibility).toHaveValue('public');
    expect(within(visibility).getAllByRole('option').map((option) => option.textContent)).toEqual(['Public', 'Unlisted', 'Private']);

    const video = screen.getByLabelText('Video file');
    expect(video).toHaveAttribute('type', 'file');
    expect(video).toHaveAttribute('accept', 'video/*');
    expect(video).toHaveAccessibleDescription('A video file, max 1GB.');
    const thumbnail = screen.getByLabelText('Thumbnail image');
    expect(thumbnail).toHaveAttribute('accept', 'image/*');
    expect(thumbnail).toHaveAccessibleDescription('An image file, max 2MB.');

    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps Upload disabled until a trimmed title, a video and a thumbnail are all there', async () => {
    const { user } = renderUpload();

    await user.type(screen.getByLabelText('Title'), '   ');
    await user.upload(screen.getByLabelText('Video file'), videoFile());
    await user.upload(screen.getByLabelText('Thumbnail image'), imageFile());
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText('Title'), 'x');
    expect(submitButton()).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Thumbnail image'), { target: { files: [] } });
    expect(submitButton()).toBeDisabled();
  });

  it('says "Title is required.", "No video file selected!" and "No thumbnail file selected!" for fields left empty', async () => {
    const { user } = renderUpload();
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Title'));
    await user.tab();
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required.');

    await user.type(screen.getByLabelText('Title'), 'Hello');
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();

    // A picker cleared (or cancelled) leaves no file.
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [] } });
    expect(screen.getByText('No video file selected!')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Thumbnail image'), { target: { files: [] } });
    expect(screen.getByText('No thumbnail file selected!')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Video file'), videoFile());
    expect(screen.queryByText('No video file selected!')).not.toBeInTheDocument();
  });

  it('refuses files over the stated limits before sending anything', async () => {
    const { user } = renderUpload();
    await user.type(screen.getByLabelText('Title'), 'Too big');

    await user.upload(screen.getByLabelText('Video file'), videoFile('huge.mp4', 1024 * 1024 * 1024 + 1));
    expect(screen.getByText('This video is larger than 1GB. Please choose a smaller file.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Thumbnail image'), imageFile('huge.png', 2 * 1024 * 1024 + 1));
    expect(screen.getByText('This image is larger than 2MB. Please choose a smaller file.')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole('img', { name: 'Thumbnail preview' })).not.toBeInTheDocument();

    // Exactly at the limits is fine.
    await user.upload(screen.getByLabelText('Video file'), videoFile('ok.mp4', 1024 * 1024 * 1024));
    await user.upload(screen.getByLabelText('Thumbnail image'), imageFile('ok.png', 2 * 1024 * 1024));
    expect(screen.queryByText(/larger than/)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('previews the thumbnail and revokes the preview URL when it is replaced and when the page goes away', async () => {
    const { user, unmount } = renderUpload();

    await user.upload(screen.getByLabelText('Thumbnail image'), imageFile('first.png'));
    expect(screen.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute('src', 'blob:preview/first.png');

    await user.upload(screen.getByLabelText('Thumbnail image'), imageFile('second.png'));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview/first.png');
    expect(screen.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute('src', 'blob:preview/second.png');

    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview/second.png');
  });

  it('posts multipart data with credentials and the UI language, shows the percent as it goes, then the server message and a link to the video', async () => {
    const { user } = renderUpload();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Visibility'), 'private');
    await user.click(submitButton());

    const xhr = await FakeXhr.sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD_URL);
    expect(UPLOAD_URL).toBe('/v0/api/movies/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['Accept-Language']).toBe('en');
    expect(xhr.body?.get('title')).toBe('My first selfie');
    expect(xhr.body?.get('description')).toBe('Line one\nLine two');
    expect(xhr.body?.get('visibility')).toBe('private');
    expect((xhr.body?.get('movieFile') as File).name).toBe('clip.mp4');
    expect((xhr.body?.get('thumbnailFile') as File).name).toBe('thumb.png');

    // Running: the bar, the percent and a spinner; the form cannot be sent again.
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Uploading… 0%')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading…');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();

    xhr.progress(42, 100);
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    xhr.progress(999, 1000);
    expect(screen.getByText('Uploading… 99%')).toBeInTheDocument();

    const video = makeSelfieVideo(9, { _id: 'new-video-1' });
    await xhr.respond(200, { success: true, message: 'Video uploaded successfully!', video });

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch your video' })).toHaveAttribute('href', '/selfieVideos/new-video-1');
    // The form is reset for the next video.
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Visibility')).toHaveValue('public');
    expect((screen.getByLabelText('Video file') as HTMLInputElement).files).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'Thumbnail preview' })).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Watch your video' }));
    expect(currentLocation()).toBe('/selfieVideos/new-video-1');
  });

  it('sends the language the user reads', async () => {
    const { user } = renderUpload(loggedInAs(owner), 'zh');
    await user.type(screen.getByLabelText('标题'), '你好');
    await user.upload(screen.getByLabelText('视频文件'), videoFile());
    await user.upload(screen.getByLabelText('缩略图'), imageFile());
    await user.click(screen.getByRole('button', { name: '上传' }));
    const xhr = await FakeXhr.sent();
    expect(xhr.headers['Accept-Language']).toBe('zh');
    xhr.progress(1, 2);
    expect(screen.getByText('正在上传… 50%')).toBeInTheDocument();
  });

  it.each([
    ['the server message of a refusal', 413, { success: false, message: 'The video file is too large.' }, 'The video file is too large.'],
    ['"Upload failed. Please try again." for a refusal without a message', 500, 'Internal error', 'Upload failed. Please try again.'],
    ['"Upload failed. Please try again." for a 200 without a message', 200, { success: true }, 'Upload failed. Please try again.'],
    ['the message of a 200 that says success false', 200, { success: false, message: 'Nope.' }, 'Nope.'],
  ])('shows %s', async (_case, status, body, text) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderUpload();
    await fillForm(user);
    await user.click(submitButton());
    await (await FakeXhr.sent()).respond(status, body);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    // The form keeps what was entered so it can be sent again.
    expect(screen.getByLabelText('Title')).toHaveValue('My first selfie');
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Upload failed:', expect.anything());
  });

  it('shows "Error uploading file. Please try again." when the server cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderUpload();
    await fillForm(user);
    await user.click(submitButton());
    await (await FakeXhr.sent()).fail();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error uploading file. Please try again.');
    expect(submitButton()).toBeEnabled();
  });

  it('cancels a running upload when the page is left', async () => {
    const { user, unmount } = renderUpload();
    await fillForm(user);
    await user.click(submitButton());
    const xhr = await FakeXhr.sent();
    expect(xhr.aborted).toBe(false);

    unmount();
    expect(xhr.aborted).toBe(true);
  });

  it('shows "Checking authentication..." while the session check runs, then sends visitors to /login (replacing the entry)', async () => {
    const { store } = renderUpload({ auth: { isLoggedIn: false, user: null, loading: true } });

    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/upload-movie');

    act(() => {
      store.dispatch(sessionChecked({ isValid: false }));
    });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
  });

  it('shows the form once the session check confirms the user', async () => {
    const { store } = renderUpload({ auth: { isLoggedIn: false, user: null, loading: true } });
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();

    act(() => {
      store.dispatch(sessionChecked({ isValid: true, user: owner }));
    });
    await waitFor(() => expect(screen.getByLabelText('Title')).toBeInTheDocument());
    expect(currentLocation()).toBe('/upload-movie');
  });
});

describe('Upload over the real XMLHttpRequest (answered by MSW)', () => {
  it('sends the multipart form with the session cookie and language, and shows the server message', async () => {
    setXhrFactory();
    const received: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v0/api/movies/upload', async ({ request }) => {
        const form = await request.formData();
        received.push({
          title: form.get('title'),
          description: form.get('description'),
          visibility: form.get('visibility'),
          movieFile: (form.get('movieFile') as File | null)?.name,
          thumbnailFile: (form.get('thumbnailFile') as File | null)?.name,
          credentials: request.credentials,
          language: request.headers.get('accept-language'),
        });
        return HttpResponse.json({
          success: true,
          message: 'Video uploaded successfully!',
          video: makeSelfieVideo(5, { _id: 'from-msw' }),
        });
      }),
    );
    const { user } = renderUpload();
    await fillForm(user);
    await user.click(submitButton());

    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch your video' })).toHaveAttribute('href', '/selfieVideos/from-msw');
    expect(received).toEqual([
      {
        title: 'My first selfie',
        // multipart/form-data sends line breaks as CRLF, as browsers do.
        description: 'Line one\r\nLine two',
        visibility: 'public',
        movieFile: 'clip.mp4',
        thumbnailFile: 'thumb.png',
        credentials: 'include',
        language: 'en',
      },
    ]);
  });
});
