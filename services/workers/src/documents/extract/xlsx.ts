import ExcelJS from 'exceljs';
import type { CheckedArchive } from '../archive-limits';
import type { Extracted, ExtractedItem } from '../types';

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result);
  if ('error' in value) return '';
  return '';
};

/**
 * xlsx: one item per non-empty row of each sheet (exceljs), cells joined by ", ". exceljs unpacks the
 * archive itself, so the declared sizes are proved first.
 */
export const extractXlsx = async (bytes: Buffer, archive: CheckedArchive): Promise<Extracted> => {
  await archive.verifySizes();
  const workbook = new ExcelJS.Workbook();
  // exceljs' own Buffer type predates Node's generic Buffer.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const items: ExtractedItem[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell((cell) => {
        const text = cellText(cell.value).trim();
        if (text) cells.push(text);
      });
      if (cells.length > 0)
        items.push({ text: cells.join(', '), location: { sheet: sheet.name, row: rowNumber } });
    });
  });
  return { items, isImage: false };
};
