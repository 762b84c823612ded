import { useEffect, useRef, useState } from 'react';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * A plain <video> that plays an HLS playlist: hls.js is imported only when this mounts, and
 * browsers that play HLS natively (Safari) get the playlist directly.
 */
export function HlsVideo({ src, label }: { src: string; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    if (!src.endsWith('.m3u8') || video.canPlayType(HLS_MIME)) {
      video.src = src;
      return () => video.removeAttribute('src');
    }
    void import('hls.js').then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const hls = new Hls({ capLevelToPlayerSize: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src]);

  return (
    <video
      ref={ref}
      controls
      preload="metadata"
      playsInline
      aria-label={label}
      data-failed={failed || undefined}
      style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }}
    />
  );
}
