// A small bar chart of a few days (the start page's tiles): drawn as SVG by our code, no chart
// library, so a glance costs nothing. The last bar (today) is highlighted.
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const w = 140;
  const h = 36;
  const gap = 2;
  const bw = (w - gap * (values.length - 1)) / Math.max(1, values.length);
  return (
    <svg className="tk-spark" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} preserveAspectRatio="none">
      <title>{label}</title>
      {values.map((v, i) => {
        const bh = v === 0 ? 1 : Math.max(2, (v / max) * (h - 2));
        return (
          <rect
            key={i}
            x={i * (bw + gap)}
            y={h - bh}
            width={bw}
            height={bh}
            rx={1}
            className={i === values.length - 1 ? "tk-spark-today" : undefined}
          />
        );
      })}
    </svg>
  );
}
