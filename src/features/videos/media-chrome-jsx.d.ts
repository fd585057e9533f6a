/**
 * media-chrome's elements in JSX (React 19 passes their attributes through). Only what the
 * player writes is typed: strings, as the server renders them.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type MediaElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  [attribute: string]: unknown;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': MediaElementProps;
      'media-control-bar': MediaElementProps;
      'media-play-button': MediaElementProps;
      'media-time-range': MediaElementProps;
      'media-time-display': MediaElementProps;
      'media-mute-button': MediaElementProps;
      'media-volume-range': MediaElementProps;
      'media-pip-button': MediaElementProps;
      'media-fullscreen-button': MediaElementProps;
      'media-loading-indicator': MediaElementProps;
      'media-playback-rate-menu-button': MediaElementProps;
      'media-playback-rate-menu': MediaElementProps;
      'media-captions-menu-button': MediaElementProps;
      'media-captions-menu': MediaElementProps;
    }
  }
}
