import type { CatalogueSearchResponse, CatalogueVideo } from '../../src/api/types';

/** Catalogue test data in the provider's exact v2 shape (shared by the catalogue suites). */
export const SEARCH_URL = '*/catalogue/api/v2/video/search/';
export const VIDEO_BY_ID_URL = '*/catalogue/api/v2/video/id/';

export function makeVideo(n: number, overrides: Partial<CatalogueVideo> = {}): CatalogueVideo {
  const id = `vid${String(n).padStart(8, '0')}`;
  const thumb = (i: number) => ({
    size: 'medium',
    width: 427,
    height: 240,
    src: `http://localhost/catalogue/thumbs/${id}/${i}.jpg`,
  });
  return {
    id,
    title: `Video number ${n}`,
    keywords: 'cats, funny, pets',
    views: 1000 + n,
    rate: '4.13',
    url: `http://localhost/catalogue/video/${id}`,
    added: '2023-05-17 14:05:09',
    length_sec: 754,
    length_min: '12:34',
    embed: `http://localhost/catalogue/embed/${id}`,
    default_thumb: thumb(0),
    thumbs: Array.from({ length: 15 }, (_, i) => thumb(i + 1)),
    ...overrides,
  };
}

export function makeSearchResponse(
  videos: CatalogueVideo[],
  { page = 1, totalPages = 1 }: { page?: number; totalPages?: number } = {},
): CatalogueSearchResponse {
  return {
    count: videos.length,
    start: (page - 1) * 18,
    per_page: 18,
    page,
    time_ms: 3,
    total_count: totalPages * 18,
    total_pages: totalPages,
    videos,
  };
}
