import { Box, Group, Text } from '@mantine/core';
import { AxisText, ChartFigure } from './chart-figure.tsx';

export interface LineSeries {
  name: string;
  /** One value per label. */
  values: readonly number[];
}

const width = 640;
const height = 240;
const pad = { top: 16, right: 16, bottom: 36, left: 48 };
const palette = ['#0b7285', '#e8590c', '#5f3dc4', '#2b8a3e', '#c2255c', '#1864ab', '#862e9c', '#5c940d'];

/** Several series over the same labels (weeks) as inline SVG lines, with a legend and a data table. */
export function LineChart({
  title,
  labels,
  series,
}: {
  title: string;
  labels: readonly string[];
  series: readonly LineSeries[];
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const xOf = (index: number) =>
    pad.left + (labels.length <= 1 ? plotWidth / 2 : (index / (labels.length - 1)) * plotWidth);
  const yOf = (value: number) => pad.top + plotHeight - (value / max) * plotHeight;
  const labelEvery = Math.ceil(labels.length / 8);

  return (
    <ChartFigure
      title={title}
      width={width}
      height={height}
      drawing={
        <>
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={yOf(max * share)}
                y2={yOf(max * share)}
                stroke="var(--mantine-color-gray-3)"
              />
              <AxisText x={pad.left - 6} y={yOf(max * share) + 4} anchor="end">
                {Math.round(max * share)}
              </AxisText>
            </g>
          ))}
          {labels.map((label, index) =>
            index % labelEvery === 0 ? (
              <AxisText key={label} x={xOf(index)} y={height - pad.bottom + 16} anchor="middle">
                {label}
              </AxisText>
            ) : null,
          )}
          {series.map((line, seriesIndex) => (
            <polyline
              key={line.name}
              fill="none"
              stroke={palette[seriesIndex % palette.length]}
              strokeWidth={2}
              points={line.values.map((value, index) => `${xOf(index)},${yOf(value)}`).join(' ')}
            />
          ))}
        </>
      }
      legend={
        <Group gap="md" mt="xs" aria-hidden="true">
          {series.map((line, index) => (
            <Group key={line.name} gap={6} wrap="nowrap">
              <Box w={12} h={12} style={{ borderRadius: 2, background: palette[index % palette.length] }} />
              <Text fz="xs">{line.name}</Text>
            </Group>
          ))}
        </Group>
      }
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {series.map((line) => (
                <th key={line.name} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((line) => (
                  <td key={line.name}>{line.values[index] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
