import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

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
  const titleId = useId();
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const xOf = (index: number) =>
    pad.left + (labels.length <= 1 ? plotWidth / 2 : (index / (labels.length - 1)) * plotWidth);
  const yOf = (value: number) => pad.top + plotHeight - (value / max) * plotHeight;
  const labelEvery = Math.ceil(labels.length / 8);

  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Text component="figcaption" id={titleId} fw={600} mb="xs">
        {title}
      </Text>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="presentation" aria-hidden="true">
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={yOf(max * share)}
              y2={yOf(max * share)}
              stroke="var(--mantine-color-gray-3)"
            />
            <text
              x={pad.left - 6}
              y={yOf(max * share) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {Math.round(max * share)}
            </text>
          </g>
        ))}
        {labels.map((label, index) =>
          index % labelEvery === 0 ? (
            <text
              key={label}
              x={xOf(index)}
              y={height - pad.bottom + 16}
              textAnchor="middle"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {label}
            </text>
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
      </svg>
      <Group gap="md" mt="xs" aria-hidden="true">
        {series.map((line, index) => (
          <Group key={line.name} gap={6} wrap="nowrap">
            <Box w={12} h={12} style={{ borderRadius: 2, background: palette[index % palette.length] }} />
            <Text fz="xs">{line.name}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
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
        </table>
      </VisuallyHidden>
    </Box>
  );
}
