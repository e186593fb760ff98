import PDFDocument from 'pdfkit';

/** Our business details, printed at the top of every receipt and statement. */
export interface BusinessDetails {
  name: string;
  address: string;
  kraPin: string;
  email: string;
}

export interface PdfTable {
  columns: ReadonlyArray<{ title: string; width: number; align?: 'left' | 'right' }>;
  rows: ReadonlyArray<ReadonlyArray<string>>;
  /** Shown instead of rows when there are none. */
  empty: string;
}

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'fields'; fields: ReadonlyArray<readonly [string, string]> }
  | { kind: 'table'; table: PdfTable }
  | { kind: 'text'; text: string };

/**
 * A one-document PDF of ours (pdfkit, its standard Helvetica: no font files of our own): business details, a
 * title, then the blocks in order. Answers the whole file.
 */
export function renderPdf(input: {
  business: BusinessDetails;
  title: string;
  subtitle: string;
  blocks: ReadonlyArray<PdfBlock>;
  footer: string;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: input.title, Author: input.business.name, Producer: input.business.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#1b4332').text(input.business.name);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(input.business.address);
  doc.text(`KRA PIN ${input.business.kraPin} · ${input.business.email}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(input.title);
  doc.font('Helvetica').fontSize(10).fillColor('#444444').text(input.subtitle);
  doc.moveDown();

  for (const block of input.blocks) {
    doc.fillColor('#000000');
    if (block.kind === 'heading') {
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(block.text, left);
      doc.moveDown(0.3);
    } else if (block.kind === 'text') {
      doc.font('Helvetica').fontSize(10).text(block.text, left, undefined, { width });
    } else if (block.kind === 'fields') {
      for (const [label, value] of block.fields) {
        const y = doc.y;
        doc.font('Helvetica').fontSize(10).fillColor('#555555').text(label, left, y, { width: 150 });
        doc
          .font('Helvetica-Bold')
          .fillColor('#000000')
          .text(value, left + 160, y, { width: width - 160 });
        doc.moveDown(0.2);
      }
    } else {
      drawTable(doc, block.table, left, width);
    }
  }
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#666666')
    .text(input.footer, left, undefined, { width });
  doc.end();
  return done;
}

function drawTable(doc: PDFKit.PDFDocument, table: PdfTable, left: number, width: number): void {
  const total = table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = table.columns.map((column) => (column.width / total) * width);
  const row = (cells: ReadonlyArray<string>, bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) => {
      const w = widths[index] ?? 0;
      doc.text(cell, x + 2, y, { width: w - 4, align: table.columns[index]?.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
    doc
      .moveTo(left, doc.y - 1)
      .lineTo(left + width, doc.y - 1)
      .strokeColor('#dddddd')
      .stroke();
  };
  row(
    table.columns.map((column) => column.title),
    true,
  );
  if (table.rows.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(table.empty, left + 2, doc.y + 2);
    doc.moveDown(0.5);
    return;
  }
  for (const cells of table.rows) row(cells, false);
  doc.x = left;
}
