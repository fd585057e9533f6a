import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useState } from 'react';
import { FormattedDate, FormattedNumber, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';

import type { CatalogueVideo } from '../../api/types';
import type { FirstScreenQueries } from '../../app/store';
import { PageLoading } from '../../components/PageLoading';
import { paths } from '../../config/routes';

import { catalogueApi, useGetCatalogueVideoQuery } from './catalogueApi';
import { EditKeywordsModal } from './EditKeywordsModal';
import { descriptionText, galleryImages, parseCatalogueDate, safeUrl, splitKeywords } from './movieDetails';
import './catalogue.css';

/** /movie/:id — one external catalogue movie. */
export function MovieDetailPage() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  // Served from the cache the home grid seeded, so a card's detail opens with no request.
  // currentData, not data: while another id loads, the previous movie must not show.
  const { currentData: video, error, isFetching, refetch } = useGetCatalogueVideoQuery(id || skipToken);

  useEffect(() => {
    if (error) console.error('Failed to load video details:', error);
  }, [error]);

  if (id && video === undefined && (isFetching || !error)) {
    return <PageLoading title={intl.formatMessage({ id: 'movie.statusTitle' })} label={intl.formatMessage({ id: 'movie.loading' })} />;
  }

  if (error) {
    return (
      <div className="page movie-status">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'movie.statusTitle' })}</h1>
        <p className="alert alert--error" role="alert">
          {intl.formatMessage({ id: 'movie.loadFailed' })}
        </p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          {intl.formatMessage({ id: 'movie.retry' })}
        </button>
      </div>
    );
  }

  if (!video) {
    return (
      <div className="page movie-status">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'movie.statusTitle' })}</h1>
        <p className="alert alert--error" role="alert">
          {intl.formatMessage({ id: 'movie.notFound' })}
        </p>
        <Link to={paths.home} className="btn btn--ghost">
          {intl.formatMessage({ id: 'movie.backHome' })}
        </Link>
      </div>
    );
  }

  // Keyed by id: the selected thumbnail and the description draft belong to one movie.
  return <MovieDetails key={video.id} video={video} />;
}

function MovieDetails({ video }: { video: CatalogueVideo }) {
  const intl = useIntl();
  const headingId = useId();
  const [selectedImage, setSelectedImage] = useState(0);
  const [editing, setEditing] = useState(false);
  const [confirmation, setConfirmation] = useState<string | null>(null);

  const images = galleryImages(video);
  const largeImage = images[Math.min(selectedImage, images.length - 1)];
  const keywords = splitKeywords(video.keywords);
  const added = parseCatalogueDate(video.added);
  const rating = Number.parseFloat(video.rate);
  const embedUrl = safeUrl(video.embed);

  return (
    <article className="page movie" aria-labelledby={headingId}>
      {embedUrl ? (
        <div className="movie__player">
          <iframe
            src={embedUrl}
            title={intl.formatMessage({ id: 'movie.player' }, { title: video.title })}
            allowFullScreen
            allow="fullscreen; picture-in-picture"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}

      <header className="movie__header">
        <h1 id={headingId} className="movie__title">
          {video.title}
        </h1>
        <button
          type="button"
          className="btn btn--primary"
          aria-haspopup="dialog"
          onClick={() => {
            setConfirmation(null);
            setEditing(true);
          }}
        >
          {intl.formatMessage({ id: 'movie.uploadDescription' })}
        </button>
      </header>
      {confirmation ? (
        <p className="alert alert--success" role="status">
          {confirmation}
        </p>
      ) : null}

      <section className="movie__section" aria-label={intl.formatMessage({ id: 'movie.details' })}>
        <dl className="movie__facts">
          <div>
            <dt>{intl.formatMessage({ id: 'movie.views' })}</dt>
            <dd>
              <FormattedNumber value={video.views} />
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'movie.rating' })}</dt>
            <dd>
              {Number.isFinite(rating) ? (
                <FormattedNumber value={rating} minimumFractionDigits={2} maximumFractionDigits={2} />
              ) : (
                video.rate
              )}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'movie.added' })}</dt>
            <dd>
              {added ? (
                <time dateTime={video.added.trim().replace(' ', 'T')}>
                  <FormattedDate value={added} dateStyle="long" timeStyle="short" />
                </time>
              ) : (
                video.added
              )}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'movie.duration' })}</dt>
            <dd>
              {Number.isFinite(video.length_sec) ? (
                <time dateTime={`PT${video.length_sec}S`}>{video.length_min}</time>
              ) : (
                video.length_min
              )}
            </dd>
          </div>
        </dl>
      </section>

      {keywords.length > 0 ? (
        <section className="movie__section">
          <h2 className="movie__subheading">{intl.formatMessage({ id: 'movie.keywords' })}</h2>
          <ul className="movie__keywords">
            {keywords.map((keyword) => (
              <li key={keyword} className="chip">
                {keyword}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {largeImage ? (
        <section className="movie__section">
          <h2 className="movie__subheading">{intl.formatMessage({ id: 'movie.thumbnails' })}</h2>
          <div className="movie__gallery">
            <img
              className="movie__large-image"
              src={safeUrl(largeImage.src)}
              alt={intl.formatMessage(
                { id: 'movie.largeImageAlt' },
                { title: video.title, number: Math.min(selectedImage, images.length - 1) + 1, total: images.length },
              )}
              width={largeImage.width || 427}
              height={largeImage.height || 240}
            />
            {images.length > 1 ? (
              <ul className="movie__thumbs">
                {images.map((thumb, index) => (
                  <li key={`${index}-${thumb.src}`}>
                    <button
                      type="button"
                      className="movie__thumb"
                      aria-pressed={index === selectedImage}
                      aria-label={intl.formatMessage({ id: 'movie.showThumbnail' }, { number: index + 1 })}
                      onClick={() => setSelectedImage(index)}
                    >
                      <img src={safeUrl(thumb.src)} alt="" loading="lazy" decoding="async" width={160} height={90} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>
      ) : null}

      <EditKeywordsModal
        open={editing}
        movieId={video.id}
        initialText={descriptionText(video)}
        onClose={() => setEditing(false)}
        onUploaded={setConfirmation}
      />
    </article>
  );
}

/** The movie the page shows. */
export const firstScreenQueries: FirstScreenQueries = ({ params, dispatch }) =>
  params.id ? [dispatch(catalogueApi.endpoints.getCatalogueVideo.initiate(params.id))] : [];

export default MovieDetailPage;
