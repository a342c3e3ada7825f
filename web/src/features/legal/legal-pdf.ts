import type { LegalDocument } from './legal-document';

const PAGE_MARGIN = 56;
const BODY_SIZE = 10.5;
const LINE_HEIGHT = 1.45;

/** The PDF standard fonts only cover Latin-1; typographic punctuation is folded to plain ASCII. */
function latin1(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u2022/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF\n]/g, '');
}

/** Builds a text PDF of the document (jspdf is loaded only when someone asks for one). */
export async function downloadLegalPdf(document: LegalDocument): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'pt', format: 'letter' });
  pdf.setProperties({ title: `${document.title} ${document.version}`, author: 'Charity Arena' });
  const pageWidth = pdf.internal.pageSize.getWidth();
  const pageHeight = pdf.internal.pageSize.getHeight();
  const textWidth = pageWidth - PAGE_MARGIN * 2;
  let y = PAGE_MARGIN;

  const write = (
    text: string,
    options: { size: number; bold?: boolean; indent?: number; gapAfter?: number },
  ) => {
    const indent = options.indent ?? 0;
    pdf.setFont('helvetica', options.bold ? 'bold' : 'normal');
    pdf.setFontSize(options.size);
    const lines = pdf.splitTextToSize(latin1(text), textWidth - indent) as string[];
    const lineHeight = options.size * LINE_HEIGHT;
    for (const line of lines) {
      if (y + lineHeight > pageHeight - PAGE_MARGIN) {
        pdf.addPage();
        y = PAGE_MARGIN;
      }
      pdf.text(line, PAGE_MARGIN + indent, y + options.size);
      y += lineHeight;
    }
    y += options.gapAfter ?? 0;
  };

  write(document.title, { size: 20, bold: true, gapAfter: 4 });
  write(
    `Version ${document.version}  |  Effective ${document.effectiveDate}  |  Last updated ${document.lastUpdated}`,
    { size: 9.5, gapAfter: 14 },
  );
  write('Overview', { size: 13, bold: true, gapAfter: 2 });
  for (const paragraph of document.overview) write(paragraph, { size: BODY_SIZE, gapAfter: 6 });
  document.sections.forEach((section, index) => {
    y += 8;
    write(`${index + 1}. ${section.title}`, { size: 13, bold: true, gapAfter: 2 });
    for (const block of section.body) {
      if (block.kind === 'p') write(block.text, { size: BODY_SIZE, gapAfter: 6 });
      else for (const item of block.items) write(`-  ${item}`, { size: BODY_SIZE, indent: 12, gapAfter: 3 });
    }
  });

  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    pdf.setPage(page);
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(8.5);
    pdf.text(
      `Charity Arena - ${document.title} ${document.version} - page ${page} of ${pages}`,
      PAGE_MARGIN,
      pageHeight - 28,
    );
  }

  pdf.save(`charity-arena-${document.slug}-${document.version}.pdf`);
}
