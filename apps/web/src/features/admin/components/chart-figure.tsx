import { Box, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * The frame of a chart: a figure named by its caption, the drawing (`width` × `height` SVG units, hidden
 * from screen readers), what follows it (a legend), then the same figures as a table only screen readers
 * get (`table`: its head and body; its caption is the title).
 */
export function ChartFigure({
  title,
  width,
  height,
  drawing,
  legend,
  table,
}: {
  title: string;
  width: number;
  height: number;
  drawing: ReactNode;
  legend?: ReactNode;
  table: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Text component="figcaption" id={titleId} fw={600} mb="xs">
        {title}
      </Text>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="presentation" aria-hidden="true">
        {drawing}
      </svg>
      {legend}
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          {table}
        </table>
      </VisuallyHidden>
    </Box>
  );
}

/** A small dimmed label of a chart's axis, at (x, y) of the drawing. */
export function AxisText({
  x,
  y,
  anchor,
  children,
}: {
  x: number;
  y: number;
  anchor: 'end' | 'middle';
  children: ReactNode;
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize="11" fill="var(--mantine-color-dimmed)">
      {children}
    </text>
  );
}
