/**
 * The owner's view of a playlist's videos: reorder by dragging a card's handle (mouse, touch,
 * or the keyboard on the handle, announced to screen readers in the page's language), by the
 * Up/Down buttons, and remove. A drop shows the new order at once and asks the server for it;
 * a refused move puts the old order back and says so.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type Announcements,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useRef, useState } from 'react';

import type { SelfieVideo } from '../../api/types';
import { serverMessage } from '../../api/errors';
import { featureIntl } from '../../i18n/featureIntl';
import { VideoCardForSelfie } from '../videos';

import { reorderMessages } from './reorderMessages';

const reorder = featureIntl(reorderMessages);
/** The reorder texts (reorderMessages.ts) for `children`, in the current language. */
export const ReorderMessages = reorder.FeatureIntl;
const useReorderT = reorder.useFeatureT;

interface SortablePlaylistProps {
  playlistId: string;
  videos: readonly SelfieVideo[];
  busy: boolean;
  /** Moves a video to a 0-based position; rejects when the server refuses. */
  onMove: (videoId: string, position: number) => Promise<unknown>;
  onRemove: (videoId: string) => void;
}

export function SortablePlaylist({ playlistId, videos, busy, onMove, onRemove }: SortablePlaylistProps) {
  const t = useReorderT();
  // The order shown after a drop until the server's answer replaces `videos` (or the move fails).
  const [dropped, setDropped] = useState<{ basis: readonly SelfieVideo[]; ids: string[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const byId = useMemo(() => new Map(videos.map((video) => [video._id, video])), [videos]);
  const shown = dropped && dropped.basis === videos ? dropped.ids.flatMap((id) => byId.get(id) ?? []) : videos;
  const ids = shown.map((video) => video._id);

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a press on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (videoId: string, position: number) => {
    const from = ids.indexOf(videoId);
    if (from < 0 || position < 0 || position >= ids.length || position === from) return;
    setFailure(null);
    setDropped({ basis: videos, ids: arrayMove(ids, from, position) });
    onMove(videoId, position).catch((error: unknown) => {
      setDropped(null);
      setFailure(serverMessage(error) ?? t('playlists.moveFailed'));
    });
  };

  const lastOver = useRef<UniqueIdentifier | null>(null);
  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('playlists.pickedUp', { title: titleOf(active.id), position: positionOf(active.id), count: ids.length });
    },
    // dnd-kit reports the card over itself right after the pick-up: only a change of place is news.
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('playlists.movedOver', { title: titleOf(active.id), position: positionOf(over.id), count: ids.length });
    },
    onDragEnd: ({ active, over }) =>
      t('playlists.dropped', { title: titleOf(active.id), position: positionOf(over?.id ?? active.id), count: ids.length }),
    onDragCancel: ({ active }) => t('playlists.dragCancelled', { title: titleOf(active.id), position: positionOf(active.id), count: ids.length }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), ids.indexOf(String(over.id)));
  };

  return (
    <>
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      <DndContext
        id={`playlist-${playlistId}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('playlists.dragInstructions') } }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ol className="video-grid video-grid--wide">
            {shown.map((video, index) => (
              <SortableCard
                key={video._id}
                video={video}
                index={index}
                count={shown.length}
                busy={busy}
                onMove={move}
                onRemove={onRemove}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

interface SortableCardProps {
  video: SelfieVideo;
  index: number;
  count: number;
  busy: boolean;
  onMove: (videoId: string, position: number) => void;
  onRemove: (videoId: string) => void;
}

function SortableCard({ video, index, count, busy, onMove, onRemove }: SortableCardProps) {
  const t = useReorderT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: video._id,
    attributes: { roleDescription: t('playlists.sortable') },
    // One move at a time: the server applies them in the order they arrive.
    disabled: busy,
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'playlist__item playlist__item--dragging' : 'playlist__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <VideoCardForSelfie
        video={video}
        eager={index < 4}
        actions={
          <span className="subscribe">
            <button
              ref={setActivatorNodeRef}
              type="button"
              className="btn btn--small btn--ghost playlist__handle"
              {...attributes}
              {...listeners}
              aria-label={t('playlists.dragHandle', { title: video.title })}
            >
              <svg viewBox="0 0 10 16" width="10" height="16" aria-hidden="true" focusable="false">
                {[3, 8, 13].flatMap((y) => [<circle key={`l${y}`} cx="2.5" cy={y} r="1.5" />, <circle key={`r${y}`} cx="7.5" cy={y} r="1.5" />])}
              </svg>
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={t('playlists.moveUp', { title: video.title })}
              disabled={index === 0 || busy}
              onClick={() => onMove(video._id, index - 1)}
            >
              {t('playlists.up')}
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={t('playlists.moveDown', { title: video.title })}
              disabled={index === count - 1 || busy}
              onClick={() => onMove(video._id, index + 1)}
            >
              {t('playlists.down')}
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={t('playlists.remove', { title: video.title })}
              disabled={busy}
              onClick={() => onRemove(video._id)}
            >
              {t('playlists.removeShort')}
            </button>
          </span>
        }
      />
    </li>
  );
}
