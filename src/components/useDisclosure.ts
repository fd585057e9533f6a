import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/closed state of a toggle button's panel (menu, notifications, save to playlist): Escape
 * closes it and puts focus back on the toggle; a pointer press outside the container closes it.
 * Give `containerRef` to the element holding both the toggle and the panel, `toggleRef` to the
 * toggle.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return { open, toggle, close, containerRef, toggleRef };
}
