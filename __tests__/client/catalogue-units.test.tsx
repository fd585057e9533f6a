import { screen, within } from '@testing-library/react';

import { VideoCard } from '../../src/components/VideoCard';
import { normalizeSearchResponse } from '../../src/features/catalogue/catalogueApi';
import {
  descriptionText,
  galleryImages,
  parseCatalogueDate,
  safeUrl,
  splitKeywords,
} from '../../src/features/catalogue/movieDetails';
import { renderWithProviders } from '../support/render';

import { makeSearchResponse, makeVideo } from './catalogue-fixtures';

describe('normalizeSearchResponse', () => {
  it('keeps a well-formed answer', () => {
    const answer = makeSearchResponse([makeVideo(1), makeVideo(2)], { page: 2, totalPages: 9 });
    expect(normalizeSearchResponse(answer)).toEqual(answer);
  });

  it('empties the list and reports 0 pages when there are no videos', () => {
    for (const answer of [{}, { total_pages: 4 }, { videos: null }, null, 'oops', []]) {
      expect(normalizeSearchResponse(answer)).toMatchObject({ videos: [], total_pages: 0, count: 0 });
    }
  });

  it('falls back to 1 page when total_pages is missing', () => {
    expect(normalizeSearchResponse({ videos: [makeVideo(1)] }).total_pages).toBe(1);
    expect(normalizeSearchResponse({ videos: [makeVideo(1)], total_pages: 0 }).total_pages).toBe(1);
  });

  it('drops entries that are not videos', () => {
    const result = normalizeSearchResponse({ videos: [makeVideo(1), null, [], { title: 'no id' }], total_pages: 1 });
    expect(result.videos.map((video) => video.id)).toEqual(['vid00000001']);
  });
});

describe('movie detail helpers', () => {
  it('parses "YYYY-MM-DD hh:mm:ss" as that wall-clock time', () => {
    expect(parseCatalogueDate('2023-05-17 14:05:09')).toEqual(new Date(2023, 4, 17, 14, 5, 9));
    expect(parseCatalogueDate(' 2020-01-02 03:04 ')).toEqual(new Date(2020, 0, 2, 3, 4, 0));
  });

  it('rejects malformed or impossible dates', () => {
    for (const bad of ['', 'yesterday', '2023-02-31 10:00:00', '2023-13-01 00:00:00', '17/05/2023 14:05', undefined]) {
      expect(parseCatalogueDate(bad)).toBeUndefined();
    }
  });

  it('splits keywords, trimming and dropping blanks and repeats', () => {
    expect(splitKeywords(' cats,funny , ,Cats, pets,')).toEqual(['cats', 'funny', 'pets']);
    expect(splitKeywords('')).toEqual([]);
  });

  it('builds the description text block: title, keywords, embed URL and id', () => {
    const video = makeVideo(3);
    expect(descriptionText(video)).toBe(`Video number 3\ncats, funny, pets\n${video.embed}\nvid00000003`);
  });

  it('uses the default thumbnail when the provider sent no thumbs', () => {
    const video = makeVideo(4, { thumbs: [] });
    expect(galleryImages(video)).toEqual([video.default_thumb]);
    expect(galleryImages(makeVideo(4))).toHaveLength(15);
  });

  it('lets only http(s) and relative URLs through', () => {
    expect(safeUrl('https://cdn.example/embed/1')).toBe('https://cdn.example/embed/1');
    expect(safeUrl('/catalogue/embed/1')).toBe('/catalogue/embed/1');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,hi')).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
  });
});

describe('<VideoCard>', () => {
  it('is one link named by title and views, with a lazy 16:9 thumbnail', () => {
    renderWithProviders(<VideoCard to="/movie/abc" title="A title" thumbnailUrl="/t.jpg" views={2500} badge="3:10" />);
    const link = screen.getByRole('link', { name: 'A title 2,500 views' });
    expect(link).toHaveAttribute('href', '/movie/abc');
    const image = within(link).getByRole('img', { name: 'A title' });
    expect(image).toHaveAttribute('loading', 'lazy');
    // Shown over the thumbnail and read with the card, outside the link (its name is its visible text).
    expect(within(link.closest('article')!).getByText('3:10')).toBeInTheDocument();
  });

  it('keeps the footer outside the link, so it can hold its own links', () => {
    renderWithProviders(
      <VideoCard to="/selfieVideos/1" title="Mine" views={0} footer={<a href="/profile/u1">uploader</a>} />,
    );
    const cardLink = screen.getByRole('link', { name: 'Mine 0 views' });
    const uploader = screen.getByRole('link', { name: 'uploader' });
    expect(cardLink).not.toContainElement(uploader);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('omits the views line when there is no count', () => {
    renderWithProviders(<VideoCard to="/x" title="No count" />);
    expect(screen.getByRole('link', { name: 'No count' })).toBeInTheDocument();
    expect(screen.queryByText(/views/)).not.toBeInTheDocument();
  });
});
