/**
 * Texts of the playlist page's drag-to-reorder (its lazy chunk only): the handle, the
 * instructions a screen reader reads on it, and what it announces while a video is moved.
 */
export type ReorderMessageKey =
  | 'playlists.dragHandle'
  | 'playlists.sortable'
  | 'playlists.dragInstructions'
  | 'playlists.pickedUp'
  | 'playlists.movedOver'
  | 'playlists.dropped'
  | 'playlists.dragCancelled'
  | 'playlists.moveFailed';

export const reorderMessages: { en: Record<ReorderMessageKey, string>; zh: Record<ReorderMessageKey, string> } = {
  en: {
    'playlists.dragHandle': 'Drag to reorder {title}',
    'playlists.sortable': 'sortable',
    'playlists.dragInstructions':
      'To pick up a video, press space or enter. Move it with the arrow keys, then press space or enter to drop it in its new place, or escape to cancel.',
    'playlists.pickedUp': 'Picked up {title}, position {position} of {count}.',
    'playlists.movedOver': '{title} is over position {position} of {count}.',
    'playlists.dropped': '{title} dropped at position {position} of {count}.',
    'playlists.dragCancelled': 'Moving cancelled. {title} stays at position {position} of {count}.',
    'playlists.moveFailed': 'Could not move the video.',
  },
  zh: {
    'playlists.dragHandle': '拖动以调整 {title} 的顺序',
    'playlists.sortable': '可排序',
    'playlists.dragInstructions': '按空格键或回车键拿起视频，用方向键移动，再按空格键或回车键放到新位置，按 Esc 键取消。',
    'playlists.pickedUp': '已拿起 {title}，第 {position} 个，共 {count} 个。',
    'playlists.movedOver': '{title} 移到了第 {position} 个位置，共 {count} 个。',
    'playlists.dropped': '{title} 已放到第 {position} 个位置，共 {count} 个。',
    'playlists.dragCancelled': '已取消移动。{title} 仍在第 {position} 个位置，共 {count} 个。',
    'playlists.moveFailed': '无法移动该视频。',
  },
};
