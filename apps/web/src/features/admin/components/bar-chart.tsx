import { AxisText, ChartFigure } from './chart-figure.tsx';

export interface BarDatum {
  label: string;
  value: number;
}

const width = 600;
const height = 220;
const pad = { top: 16, right: 12, bottom: 36, left: 56 };

/** A small bar chart drawn as inline SVG, with the same figures in a table for screen readers. */
export function BarChart({
  title,
  data,
  formatValue = (value) => value.toLocaleString('en-KE'),
  color = 'var(--mantine-color-brand-6)',
}: {
  title: string;
  data: readonly BarDatum[];
  formatValue?: (value: number) => string;
  color?: string;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const step = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(4, step * 0.6);
  const ticks = [0, 0.5, 1].map((share) => Math.round(max * share));

  return (
    <ChartFigure
      title={title}
      width={width}
      height={height}
      drawing={
        <>
          {ticks.map((tick) => {
            const y = pad.top + plotHeight - (tick / max) * plotHeight;
            return (
              <g key={tick}>
                <line
                  x1={pad.left}
                  x2={width - pad.right}
                  y1={y}
                  y2={y}
                  stroke="var(--mantine-color-gray-3)"
                />
                <AxisText x={pad.left - 6} y={y + 4} anchor="end">
                  {formatValue(tick)}
                </AxisText>
              </g>
            );
          })}
          {data.map((datum, index) => {
            const barHeight = (datum.value / max) * plotHeight;
            const x = pad.left + index * step + (step - barWidth) / 2;
            return (
              <g key={datum.label}>
                <rect
                  x={x}
                  y={pad.top + plotHeight - barHeight}
                  width={barWidth}
                  height={barHeight}
                  rx={2}
                  fill={color}
                >
                  <title>{`${datum.label}: ${formatValue(datum.value)}`}</title>
                </rect>
                {(data.length <= 12 || index % 2 === 0) && (
                  <AxisText x={x + barWidth / 2} y={height - pad.bottom + 16} anchor="middle">
                    {datum.label}
                  </AxisText>
                )}
              </g>
            );
          })}
        </>
      }
      table={
        <tbody>
          {data.map((datum) => (
            <tr key={datum.label}>
              <th scope="row">{datum.label}</th>
              <td>{formatValue(datum.value)}</td>
            </tr>
          ))}
        </tbody>
      }
    />
  );
}
