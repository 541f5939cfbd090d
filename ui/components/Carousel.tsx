// Slides that advance every 5000 ms (spec constant), pause on hover or focus, and can be
// stepped with buttons or the arrow keys.
import { useEffect, useState, type ReactNode } from "react";
import { t, ph } from "@lingui/core/macro";

export const CAROUSEL_INTERVAL_MS = 5000;

export function Carousel({ slides, label }: { slides: ReactNode[]; label: string }) {
  const [i, setI] = useState(0);
  const [paused, setPaused] = useState(false);
  const n = slides.length;
  useEffect(() => {
    if (paused || n < 2) return;
    const id = setInterval(() => setI((x) => (x + 1) % n), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [paused, n]);
  if (n === 0) return null;
  const go = (d: number) => setI((x) => (x + d + n) % n);
  return (
    <section
      className="tk-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => (e.key === "ArrowLeft" ? go(-1) : e.key === "ArrowRight" ? go(1) : undefined)}
    >
      <div
        className="tk-carousel-slide"
        role="group"
        aria-roledescription="slide"
        aria-label={t`Slide ${ph({ n: i + 1 })} of ${ph({ total: n })}`}
      >
        {slides[i]}
      </div>
      {n > 1 && (
        <div className="tk-row">
          <button type="button" className="tk-btn" onClick={() => go(-1)} aria-label={t`Previous`}>
            ‹
          </button>
          <span>
            {i + 1} / {n}
          </span>
          <button type="button" className="tk-btn" onClick={() => go(1)} aria-label={t`Next`}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
